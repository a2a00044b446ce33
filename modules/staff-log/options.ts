/** Rows older than this are deleted by the daily job (backend/log-pruning.ts). */
export const LOG_KEPT_DAYS = 400;
