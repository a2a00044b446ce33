import { asc, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import { quotationNumber, type QuotationLine, type QuotationRecord, type QuotationStatus } from "./contract";
import type { StoreScope } from "../../backend/db/scope";
import { products, quotationHistory, quotationLines, quotations } from "../../backend/db/schema";
import { rethrowStaleVersion } from "../../backend/db/version";
import { ActionError } from "../../backend/errors";
import { snakeCased } from "../../backend/records";
import { errorText } from "../../backend/unique";

export type QuotationRow = typeof quotations.$inferSelect;
export type LineRow = typeof quotationLines.$inferSelect & { productCode: string | null };

export const toRecord = (row: QuotationRow): QuotationRecord =>
  snakeCased(row, {
    omit: ["applicationKey", "quotationNumber", "requestId", "actorEmail", "createdAt"],
    add: { number: quotationNumber(row.quotationNumber), create_date: row.createdAt },
  });

export const toLine = (row: LineRow): QuotationLine =>
  snakeCased(row, { omit: ["applicationKey", "quotationId", "position"] });

export const quotationById = (store: StoreScope, id: number) =>
  store.select(quotations, eq(quotations.id, id)).limit(1);

export const linesOf = (store: StoreScope, id: number) =>
  store
    .selectFields(
      quotationLines,
      {
        ...getTableColumns(quotationLines),
        productCode: sql<
          string | null
        >`(select ${products.productCode} from ${products} where ${products.id} = ${quotationLines.productId})`,
      },
      eq(quotationLines.quotationId, id),
    )
    .orderBy(asc(quotationLines.position));

export function historyStatement(
  store: StoreScope,
  entry: {
    quotationId: number | SQL;
    revision: number;
    from: QuotationStatus | null;
    to: QuotationStatus;
    actorEmail: string | null;
    changes?: string[];
    note?: string;
  },
) {
  return store.insert(quotationHistory, [
    {
      quotationId: entry.quotationId,
      revision: entry.revision,
      fromStatus: entry.from,
      toStatus: entry.to,
      changes: entry.changes ?? [],
      actorEmail: entry.actorEmail,
      note: entry.note ?? "",
    },
  ]);
}

/** A refusal of the database's quotation rules in the catalogue's words, or the error itself. */
export function rethrowQuotationRefused(error: unknown): never {
  const text = errorText(error);
  if (text.includes("quotation_expired")) throw new ActionError(409, "quotation-expired");
  if (text.includes("quotation_already_converted")) throw new ActionError(409, "quotation-already-converted");
  rethrowStaleVersion(error);
}
