/** The "who" filter's groups besides one person: everyone, the store account, any provider staff, customers. */
export const WHO_GROUPS = ["all", "store", "console", "customer"] as const;

export const ACTION_TONES = { add: "success", edit: "info", delete: "critical" } as const;
