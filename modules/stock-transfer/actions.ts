import { and, asc, count, eq, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Payload } from "../../contract/actions";
import { MAX_QUANTITY } from "../../contract/field-rules";
import { withValue } from "../../contract/messages";
import { chunks } from "../../backend/db/chunks";
import { contains } from "../../backend/db/like";
import type { StoreScope } from "../../backend/db/scope";
import { locations, products, productVariants, stockTransferLines, stockTransfers } from "../../backend/db/schema";
import { pagedList } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found, notFound } from "../../backend/errors";
import { oneName } from "../../backend/log";
import { snakeCased } from "../../backend/records";
import { defineAction, WithExtra } from "../../backend/registry";
import { errorText } from "../../backend/unique";
import { storeContact, storeContactReads } from "../store/contact";
import { isStockShort, stockAt, stockMove } from "../product/stock-levels";
import { variantLabel } from "../product/variant-sql";
import { locationsRead } from "../location/reads";
import {
  isReceiving,
  type StockTransferDetail,
  type StockTransferLine,
  type StockTransferList,
  type StockTransferRecord,
} from "./contract";
import { stockTransferNumber } from "./options";

type TransferRow = typeof stockTransfers.$inferSelect;
type LineRow = typeof stockTransferLines.$inferSelect;
type LocationRow = typeof locations.$inferSelect;
type TransferInput = Payload<"add_stock_transfer_data">;

const DATA_TYPE = "stock_transfer_data";
const NUMBER = /^(?:TR)?0*(\d{1,9})$/i;

/** A location's name as a subquery, for a list row (blank once deleted). */
const locationNameOf = (locationId: AnyColumn, column: "nameZhHk" | "nameEn") =>
  sql<string>`coalesce((select ${locations[column]} from ${locations} where ${locations.id} = ${locationId}), '')`;

const listFields = {
  transfer: stockTransfers,
  fromNameZhHk: locationNameOf(stockTransfers.fromLocationId, "nameZhHk").as("from_name_zh_hk"),
  fromNameEn: locationNameOf(stockTransfers.fromLocationId, "nameEn").as("from_name_en"),
  toNameZhHk: locationNameOf(stockTransfers.toLocationId, "nameZhHk").as("to_name_zh_hk"),
  toNameEn: locationNameOf(stockTransfers.toLocationId, "nameEn").as("to_name_en"),
};

const toRecord = (
  row: TransferRow,
  names: { fromNameZhHk: string; fromNameEn: string; toNameZhHk: string; toNameEn: string },
): StockTransferRecord =>
  snakeCased(row, {
    omit: ["applicationKey", "transferNumber", "createdAt", "sentAt", "receivedAt"],
    add: {
      number: stockTransferNumber(row.transferNumber),
      create_date: row.createdAt,
      sent_date: row.sentAt,
      received_date: row.receivedAt,
      from_name_zh_hk: names.fromNameZhHk,
      from_name_en: names.fromNameEn,
      to_name_zh_hk: names.toNameZhHk,
      to_name_en: names.toNameEn,
    },
  });

const toLine = (row: LineRow, stockAtOrigin: number | null): StockTransferLine =>
  snakeCased(row, {
    omit: ["applicationKey", "stockTransferId", "position"],
    add: { stock_at_origin: stockAtOrigin },
  });

const toLocation = (row: LocationRow | undefined) =>
  row
    ? {
        id: row.id,
        name_zh_hk: row.nameZhHk,
        name_en: row.nameEn,
        address_zh_hk: row.addressZhHk,
        address_en: row.addressEn,
        phone: row.phone,
      }
    : null;

/** A line's variant named as the log and the refusals name it: its product code and option values. */
const lineName = (line: Pick<LineRow, "productCode" | "variantNameZhHk">) =>
  `${line.productCode}${line.variantNameZhHk ? ` (${line.variantNameZhHk})` : ""}`;

/** The fields as the log keeps them: the locations by name, the lines as one text (variant ×quantity (received)). */
const toLogged = (
  transfer: Pick<TransferRow, "status" | "note" | "totalQuantity" | "receivedQuantity">,
  ends: { from: string; to: string },
  lines: Pick<LineRow, "productCode" | "variantNameZhHk" | "quantity" | "receivedQuantity">[],
) => ({
  from_location: ends.from,
  to_location: ends.to,
  ...snakeCased(transfer, { pick: ["status", "note", "totalQuantity", "receivedQuantity"] }),
  lines: lines.map((line) => `${lineName(line)} ×${line.quantity} (${line.receivedQuantity})`).join("; "),
});

const transferById = (store: StoreScope, id: number) =>
  store.select(stockTransfers, eq(stockTransfers.id, id)).limit(1);

/** A column of the transfer, as a subquery (the lines' reads name its locations through it). */
const transferColumn = (store: StoreScope, id: number, column: "fromLocationId" | "toLocationId") =>
  sql<number>`(select ${stockTransfers[column]} from ${stockTransfers} where ${store.where(stockTransfers, eq(stockTransfers.id, id))})`;

/** The transfer's lines in order, each with its variant's stock at the origin now and whether it is limited. */
const linesOf = (store: StoreScope, id: number) =>
  store
    .selectFields(
      stockTransferLines,
      {
        line: stockTransferLines,
        stockAtOrigin: sql<
          number | null
        >`${stockAt(store, stockTransferLines.variantId, transferColumn(store, id, "fromLocationId"))}`.as(
          "stock_at_origin",
        ),
        unlimited: sql<
          number | null
        >`(select ${productVariants.unlimitedInventory} from ${productVariants} where ${productVariants.id} = ${stockTransferLines.variantId})`.as(
          "unlimited",
        ),
      },
      eq(stockTransferLines.stockTransferId, id),
    )
    .orderBy(asc(stockTransferLines.position));

type LineWithStock = Awaited<ReturnType<typeof linesOf>>[number];

/** Both ends of the transfer, as they are now. */
const endsOf = (store: StoreScope, id: number) =>
  store.select(
    locations,
    or(
      eq(locations.id, transferColumn(store, id, "fromLocationId")),
      eq(locations.id, transferColumn(store, id, "toLocationId")),
    ),
  );

const endNames = (transfer: Pick<TransferRow, "fromLocationId" | "toLocationId">, ends: LocationRow[]) => {
  const nameOf = (locationId: number | null) => ends.find((row) => row.id === locationId)?.nameZhHk ?? "";
  return { from: nameOf(transfer.fromLocationId), to: nameOf(transfer.toLocationId) };
};

/** What a form names: both locations, its products by code and their variants with their option values. */
function formReads(store: StoreScope, input: TransferInput) {
  // One bound parameter for up to 100 codes: D1 binds at most 100 per statement.
  const codes = sql`(select value from json_each(${JSON.stringify(input.lines.map((line) => line.product_code))}))`;
  return [
    store.select(locations, inArray(locations.id, [input.from_location_id, input.to_location_id])),
    store.select(products, inArray(products.productCode, codes)),
    store.selectFields(
      productVariants,
      {
        id: productVariants.id,
        productId: productVariants.productId,
        sku: productVariants.sku,
        barcode: productVariants.barcode,
        unlimitedInventory: productVariants.unlimitedInventory,
        labelZhHk: variantLabel("zh_hk"),
        labelEn: variantLabel("en"),
      },
      inArray(
        productVariants.productId,
        sql`(select ${products.id} from ${products} where ${store.where(products, inArray(products.productCode, codes))})`,
      ),
    ),
  ] as const;
}

type FormReads = ReturnType<typeof formReads>;

const NOT_FOUND = ["location-not-found", "product-not-found", "variant-not-found"];

/**
 * The form's lines as the transfer keeps them, each a limited variant of the store named once: every refusal
 * beside its field, all at once (a location or product the store does not have, a variant to choose or of
 * another product, an unlimited one, one on two lines): 404 when any is not the store's, else 400.
 */
function resolveForm(
  input: TransferInput,
  locationRows: Awaited<FormReads[0]>,
  productRows: Awaited<FormReads[1]>,
  variants: Awaited<FormReads[2]>,
) {
  const fields: Record<string, string[]> = {};
  for (const name of ["from_location_id", "to_location_id"] as const) {
    if (!locationRows.some((row) => row.id === input[name])) fields[name] = ["location-not-found"];
  }
  const byCode = new Map(productRows.map((row) => [row.productCode, row]));
  const seen = new Set<number>();
  const lines = input.lines.flatMap((line, position) => {
    const product = byCode.get(line.product_code);
    if (!product) {
      fields[`lines.${position}.product_code`] = ["product-not-found"];
      return [];
    }
    const own = variants.filter((row) => row.productId === product.id);
    const variant =
      line.variant_id === undefined
        ? own.length === 1
          ? own[0]
          : undefined
        : own.find((row) => row.id === line.variant_id);
    if (!variant) {
      fields[`lines.${position}.variant_id`] = [
        line.variant_id === undefined ? "variant-required" : "variant-not-found",
      ];
      return [];
    }
    const beside = `lines.${position}.${line.variant_id === undefined ? "product_code" : "variant_id"}`;
    if (variant.unlimitedInventory) fields[beside] = ["stock-transfer-unlimited-variant"];
    else if (seen.has(variant.id)) fields[beside] = ["line-repeated"];
    seen.add(variant.id);
    return [
      {
        position,
        productId: product.id,
        variantId: variant.id,
        productCode: product.productCode,
        nameZhHk: product.nameZhHk,
        nameEn: product.nameEn,
        variantNameZhHk: variant.labelZhHk,
        variantNameEn: variant.labelEn,
        sku: variant.sku,
        barcode: variant.barcode,
        quantity: line.quantity,
        receivedQuantity: 0,
      },
    ];
  });
  if (Object.keys(fields).length > 0) {
    // Another store's location or product is not found here (404), said beside its field with the rest.
    const missing = Object.values(fields).some(([message]) => NOT_FOUND.includes(message));
    throw missing ? new ActionError(404, "not-found", fields) : new ActionError(400, "invalid-payload", fields);
  }
  const ends = endNames({ fromLocationId: input.from_location_id, toLocationId: input.to_location_id }, locationRows);
  return { ends, lines };
}

type NewLine = ReturnType<typeof resolveForm>["lines"][number];

/** Lines per insert: 13 bound values each, and D1 binds at most 100 per statement. */
const LINES_PER_INSERT = 7;

const lineInserts = (store: StoreScope, stockTransferId: number | SQL, lines: NewLine[]) =>
  chunks(lines, LINES_PER_INSERT).map((group) =>
    store.insert(
      stockTransferLines,
      group.map((line) => ({ ...line, stockTransferId })),
    ),
  );

const totalOf = (lines: { quantity: number }[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

/** The log's name for a transfer: its number. */
const nameOf = (transfer: Pick<TransferRow, "transferNumber">) => oneName(stockTransferNumber(transfer.transferNumber));

/** A stock or receipt the database refused, or a write over a version that moved on. */
function rethrowMoveRefused(error: unknown): never {
  const text = errorText(error);
  if (text.includes("received_within_sent")) throw new ActionError(409, "stock-transfer-over-receipt");
  // Another sale, adjustment or transfer took the origin's stock after it was read: nothing was sent.
  if (isStockShort(text)) throw new ActionError(409, "inventory-not-enough");
  if (/NOT NULL constraint failed: stock_level\.stock\b/.test(text)) {
    throw new ActionError(409, withValue("inventory-over-maximum", MAX_QUANTITY));
  }
  rethrowStaleVersion(error);
}

/** The refusal of a send whose lines' stock at the origin is short, naming those lines beside their quantities. */
function refuseShortLines(lines: LineWithStock[]) {
  const short = lines.filter(({ line, stockAtOrigin }) => (stockAtOrigin ?? 0) < line.quantity);
  if (short.length === 0) return;
  throw new ActionError(
    409,
    withValue("stock-transfer-stock-short", short.map(({ line }) => lineName(line)).join(", ")),
    Object.fromEntries(
      short.map(({ line, stockAtOrigin }) => [
        `lines.${line.position}.quantity`,
        [withValue("stock-short-at-origin", stockAtOrigin ?? 0)],
      ]),
    ),
  );
}

export const stockTransferActions = [
  defineAction("get_stock_transfer_data_and_total_number_by_sorting_and_limit", "store:stock_transfer:read", {
    // The store's locations to filter by, read with the caller.
    reads: (_input, { store }) => [locationsRead(store)] as const,
    handler: async (input, { store }, [storeLocations]): Promise<WithExtra<StockTransferList>> => {
      const number = input.keyword ? NUMBER.exec(input.keyword)?.[1] : undefined;
      const where = and(
        or(
          contains([stockTransfers.note], input.keyword),
          number === undefined ? undefined : eq(stockTransfers.transferNumber, Number(number)),
        ),
        input.status === undefined ? undefined : eq(stockTransfers.status, input.status),
        input.from_location_id === undefined ? undefined : eq(stockTransfers.fromLocationId, input.from_location_id),
        input.to_location_id === undefined ? undefined : eq(stockTransfers.toLocationId, input.to_location_id),
      );
      const { data: transfers, extra } = await pagedList(
        store,
        input,
        {
          rows: store.selectFields(stockTransfers, listFields, where),
          count: store.selectFields(stockTransfers, { total: count() }, where),
          sortBy: stockTransfers.createdAt,
          id: stockTransfers.id,
        },
        ({ transfer, ...names }) => toRecord(transfer, names),
      );
      return new WithExtra({ transfers, locations: storeLocations }, extra);
    },
  }),

  defineAction("get_stock_transfer_data_by_application_key_and_id", "store:stock_transfer:read", {
    reads: ({ id }, { store }) =>
      [
        transferById(store, id),
        linesOf(store, id),
        endsOf(store, id),
        ...storeContactReads(store),
        locationsRead(store),
      ] as const,
    handler: async (
      _input,
      _context,
      [rows, lines, ends, [account], [website], storeLocations],
    ): Promise<StockTransferDetail> => {
      const transfer = found(rows);
      const from = ends.find((row) => row.id === transfer.fromLocationId);
      const to = ends.find((row) => row.id === transfer.toLocationId);
      return {
        ...toRecord(transfer, {
          fromNameZhHk: from?.nameZhHk ?? "",
          fromNameEn: from?.nameEn ?? "",
          toNameZhHk: to?.nameZhHk ?? "",
          toNameEn: to?.nameEn ?? "",
        }),
        lines: lines.map(({ line, stockAtOrigin }) => toLine(line, stockAtOrigin)),
        from_location: toLocation(from),
        to_location: toLocation(to),
        store: storeContact(account, website),
        locations: storeLocations,
      };
    },
  }),

  defineAction("add_stock_transfer_data", "store:stock_transfer:write", {
    reads: (input, { store }) => formReads(store, input),
    handler: async (input, { store, caller, now }, [locationRows, productRows, variantRows]) => {
      const { ends, lines } = resolveForm(input, locationRows, productRows, variantRows);
      // The batch is one transaction and ids autoincrement: the store's newest transfer is this one.
      const addedId = sql`(select max(${stockTransfers.id}) from ${stockTransfers} where ${store.where(stockTransfers)})`;
      const columns = {
        fromLocationId: input.from_location_id,
        toLocationId: input.to_location_id,
        status: "draft" as const,
        note: input.note,
        totalQuantity: totalOf(lines),
        receivedQuantity: 0,
      };
      const [[added]] = await store.batch([
        store
          .insert(stockTransfers, [
            {
              ...columns,
              transferNumber: sql`(select coalesce(max(${stockTransfers.transferNumber}), 0) + 1 from ${stockTransfers} where ${store.where(stockTransfers)})`,
            },
          ])
          .returning({ id: stockTransfers.id }),
        ...lineInserts(store, addedId, lines),
        store.log(caller, now, {
          action: "add",
          dataType: DATA_TYPE,
          recordId: addedId,
          recordName: null,
          before: null,
          after: toLogged(columns, ends, lines),
        }),
      ]);
      return { id: added.id };
    },
  }),

  defineAction("update_stock_transfer_data_by_application_key_and_id", "store:stock_transfer:write", {
    reads: (input, { store }) =>
      [
        ...formReads(store, input),
        transferById(store, input.id),
        linesOf(store, input.id),
        endsOf(store, input.id),
      ] as const,
    handler: async (
      { id, version, ...input },
      { store, caller, now },
      [locationRows, productRows, variantRows, rows, before, endsBefore],
    ) => {
      const transfer = found(rows);
      if (transfer.status !== "draft") throw new ActionError(409, "stock-transfer-not-editable");
      const { ends, lines } = resolveForm(
        { ...input, application_key: store.applicationKey },
        locationRows,
        productRows,
        variantRows,
      );
      const columns = {
        fromLocationId: input.from_location_id,
        toLocationId: input.to_location_id,
        note: input.note,
        totalQuantity: totalOf(lines),
      };
      await store
        .batch([
          store.update(
            stockTransfers,
            { ...columns, version: nextVersion(stockTransfers.version, version) },
            eq(stockTransfers.id, id),
          ),
          store.delete(stockTransferLines, eq(stockTransferLines.stockTransferId, id)),
          ...lineInserts(store, id, lines),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: nameOf(transfer),
            before: toLogged(
              transfer,
              endNames(transfer, endsBefore),
              before.map(({ line }) => line),
            ),
            after: toLogged({ ...transfer, ...columns }, ends, lines),
          }),
        ])
        .catch(rethrowStaleVersion);
      return null;
    },
  }),

  defineAction("delete_stock_transfer_data_by_application_key_and_id", "store:stock_transfer:write", {
    reads: ({ id }, { store }) => [transferById(store, id), linesOf(store, id), endsOf(store, id)] as const,
    handler: async ({ id }, { store, caller, now }, [rows, lines, ends]) => {
      const transfer = found(rows);
      if (transfer.status !== "draft") throw new ActionError(409, "stock-transfer-not-editable");
      await store
        .batch([
          // Still the draft that was read: a send since moved its version on, and nothing is deleted.
          store.update(
            stockTransfers,
            { version: nextVersion(stockTransfers.version, transfer.version) },
            eq(stockTransfers.id, id),
          ),
          store.delete(stockTransfers, eq(stockTransfers.id, id)),
          store.log(caller, now, {
            action: "delete",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: nameOf(transfer),
            before: toLogged(
              transfer,
              endNames(transfer, ends),
              lines.map(({ line }) => line),
            ),
            after: null,
          }),
        ])
        .catch(rethrowStaleVersion);
      return null;
    },
  }),

  /**
   * Send a draft: over its version, every line's stock leaves the origin in the one batch with an adjustment
   * each, so either all of it goes or none. A line short there at the read is refused by name; one that a sale
   * or another transfer empties meanwhile fails the stock level's CHECK, which refuses the whole batch.
   * Cancelling a draft moves no stock.
   */
  defineAction("update_stock_transfer_status_data_by_application_key_and_id", "store:stock_transfer:write", {
    reads: ({ id }, { store }) => [transferById(store, id), linesOf(store, id), endsOf(store, id)] as const,
    handler: async ({ id, version, to }, { store, caller, now }, [rows, lines, ends]) => {
      const transfer = found(rows);
      if (transfer.status !== "draft") throw new ActionError(409, "stock-transfer-transition-not-allowed");
      if (transfer.version !== version) throw new ActionError(409, "edited-elsewhere");
      const sending = to === "sent";
      let stock: BatchItem<"sqlite">[] = [];
      if (sending) {
        if (transfer.fromLocationId === null || transfer.toLocationId === null) {
          throw new ActionError(409, "stock-transfer-location-deleted");
        }
        if (lines.some(({ line, unlimited }) => line.variantId === null || unlimited === null || Boolean(unlimited))) {
          throw new ActionError(409, "stock-transfer-line-unavailable");
        }
        refuseShortLines(lines);
        const reason = stockTransferNumber(transfer.transferNumber);
        const fromId = transfer.fromLocationId;
        stock = lines.flatMap(({ line }) =>
          stockMove(store, caller, now, {
            variantId: line.variantId,
            locationId: fromId,
            change: -line.quantity,
            reason,
          }),
        );
      }
      const rowLines = lines.map(({ line }) => line);
      await store
        .batch([
          store.update(
            stockTransfers,
            {
              status: to,
              version: nextVersion(stockTransfers.version, version),
              ...(sending && { sentAt: now.toISOString(), sentBy: caller.email }),
            },
            eq(stockTransfers.id, id),
          ),
          ...stock,
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: nameOf(transfer),
            before: toLogged(transfer, endNames(transfer, ends), rowLines),
            after: toLogged({ ...transfer, status: to }, endNames(transfer, ends), rowLines),
          }),
        ])
        .catch(rethrowMoveRefused);
      return null;
    },
  }),

  /**
   * One receipt in one batch: each line's received quantity (its CHECK refuses more than was sent, so two receipts
   * racing never receive a unit twice), the transfer's total and status (received once every unit is), and the
   * stock at the destination with an adjustment each.
   */
  defineAction("add_stock_transfer_receipt_data", "store:stock_transfer:write", {
    reads: ({ stock_transfer_id: id }, { store }) =>
      [transferById(store, id), linesOf(store, id), endsOf(store, id)] as const,
    handler: async ({ stock_transfer_id: id, lines: input }, { store, caller, now }, [rows, lines, ends]) => {
      const transfer = found(rows);
      if (!isReceiving(transfer.status)) throw new ActionError(409, "stock-transfer-transition-not-allowed");
      if (transfer.toLocationId === null) throw new ActionError(409, "stock-transfer-location-deleted");
      const received = new Map<number, number>();
      for (const entry of input) received.set(entry.line_id, (received.get(entry.line_id) ?? 0) + entry.quantity);
      const byId = new Map(lines.map(({ line }) => [line.id, line]));
      if ([...received.keys()].some((lineId) => !byId.has(lineId))) throw notFound();
      const fields: Record<string, string[]> = {};
      input.forEach((entry, index) => {
        const line = byId.get(entry.line_id)!;
        if (line.receivedQuantity + received.get(entry.line_id)! > line.quantity) {
          fields[`lines.${index}.quantity`] = [withValue("received-over-sent", line.quantity - line.receivedQuantity)];
        }
      });
      if (Object.keys(fields).length > 0) throw new ActionError(409, "stock-transfer-over-receipt", fields);

      const receiving = [...received].filter(([, quantity]) => quantity > 0);
      const total = receiving.reduce((sum, [, quantity]) => sum + quantity, 0);
      const reason = stockTransferNumber(transfer.transferNumber);
      const toId = transfer.toLocationId;
      const complete = sql`${stockTransfers.receivedQuantity} + ${total} = ${stockTransfers.totalQuantity}`;
      const after = lines.map(({ line }) => ({
        ...line,
        receivedQuantity: line.receivedQuantity + (received.get(line.id) ?? 0),
      }));
      const status = transfer.receivedQuantity + total === transfer.totalQuantity ? "received" : "partially_received";
      const [[updated]] = await store
        .batch([
          store
            .update(
              stockTransfers,
              {
                status: sql`case when ${complete} then 'received' else 'partially_received' end`,
                receivedQuantity: sql`${stockTransfers.receivedQuantity} + ${total}`,
                receivedAt: sql`case when ${complete} then ${now.toISOString()} end`,
                version: sql`${stockTransfers.version} + 1`,
              },
              eq(stockTransfers.id, id),
            )
            .returning({ status: stockTransfers.status }),
          ...receiving.map(([lineId, quantity]) =>
            store.update(
              stockTransferLines,
              { receivedQuantity: sql`${stockTransferLines.receivedQuantity} + ${quantity}` },
              eq(stockTransferLines.id, lineId),
              eq(stockTransferLines.stockTransferId, id),
            ),
          ),
          ...receiving.flatMap(([lineId, quantity]) =>
            stockMove(store, caller, now, {
              variantId: byId.get(lineId)!.variantId,
              locationId: toId,
              change: quantity,
              reason,
            }),
          ),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: nameOf(transfer),
            before: toLogged(
              transfer,
              endNames(transfer, ends),
              lines.map(({ line }) => line),
            ),
            after: toLogged(
              { ...transfer, status, receivedQuantity: transfer.receivedQuantity + total },
              endNames(transfer, ends),
              after,
            ),
          }),
        ])
        .catch(rethrowMoveRefused);
      return { status: updated.status };
    },
  }),
];
