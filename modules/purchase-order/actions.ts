import { and, asc, eq, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { storeContact, storeContactReads } from "../store/contact";
import type { Payload } from "../../contract/actions";
import { MAX_QUANTITY } from "../../contract/field-rules";
import { withValue } from "../../contract/messages";
import {
  MAX_PURCHASE_ORDER_LINES,
  offerKey,
  PURCHASE_ORDER_MOVES,
  purchaseOrderNumber,
  RECEIVING_STATUSES,
  canMovePurchaseOrder,
  refusedLines,
  type PurchaseOrderDetail,
  type PurchaseOrderLine,
  type PurchaseOrderRecord,
  type PurchaseOrderStatus,
  type ReorderSuggestion,
} from "./contract";
import type { Caller } from "../../backend/caller";
import { contains } from "../../backend/db/like";
import type { StoreScope } from "../../backend/db/scope";
import {
  products,
  productVariants,
  purchaseOrderHistory,
  purchaseOrderLines,
  purchaseOrderReceipts,
  purchaseOrders,
  supplierProducts,
  suppliers,
} from "../../backend/db/schema";
import { chunks } from "../../backend/db/chunks";
import { pagedRows } from "../../backend/db/sort";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found, notFound } from "../../backend/errors";
import { oneName } from "../../backend/log";
import { snakeCased } from "../../backend/records";
import { defineAction } from "../../backend/registry";
import { errorText } from "../../backend/unique";
import { supplierById, supplierProductRows, supplierProductsOf, type SupplierProductRow } from "../supplier/actions";
import { variantLabel } from "../product/variant-sql";
import { stockMove } from "../product/stock-levels";
import { locationsRead } from "../location/reads";
import { locationInUse, payloadLocation, rethrowLocationRefused, writeLocation } from "../../backend/location-access";

type OrderRow = typeof purchaseOrders.$inferSelect;
type LineRow = typeof purchaseOrderLines.$inferSelect;
type LineInput = Payload<"add_purchase_order_data">["lines"][number];

const DATA_TYPE = "purchase_order_data";

const SORT_COLUMNS = {
  create_date: purchaseOrders.createdAt,
  expected_date: purchaseOrders.expectedDate,
  total: purchaseOrders.totalCents,
} as const;

const NUMBER = /^(?:PO)?0*(\d{1,9})$/i;

const toRecord = (row: OrderRow): PurchaseOrderRecord =>
  snakeCased(row, {
    omit: ["applicationKey", "poNumber", "createdAt"],
    add: { number: purchaseOrderNumber(row.poNumber), create_date: row.createdAt },
  });

const toLine = (row: LineRow): PurchaseOrderLine =>
  snakeCased(row, { omit: ["applicationKey", "purchaseOrderId", "position"] });

const LOGGED_COLUMNS = ["supplierName", "status", "expectedDate", "note", "totalCents", "receivedQuantity"] as const;

/** The fields as the log keeps them: the lines as one text (code and variant ×quantity @cost, received). */
const toLogged = (
  order: Pick<OrderRow, (typeof LOGGED_COLUMNS)[number]>,
  lines: Pick<LineRow, "productCode" | "variantNameZhHk" | "quantity" | "unitCostCents" | "receivedQuantity">[],
) =>
  snakeCased(order, {
    pick: LOGGED_COLUMNS,
    add: {
      lines: lines
        .map(
          (line) =>
            `${line.productCode}${line.variantNameZhHk ? ` (${line.variantNameZhHk})` : ""} ×${line.quantity} @${line.unitCostCents} (${line.receivedQuantity})`,
        )
        .join("; "),
    },
  });

const orderById = (store: StoreScope, id: number) => store.select(purchaseOrders, eq(purchaseOrders.id, id)).limit(1);
const linesOf = (store: StoreScope, id: number) =>
  store
    .select(purchaseOrderLines, eq(purchaseOrderLines.purchaseOrderId, id))
    .orderBy(asc(purchaseOrderLines.position));

/**
 * Each line as the order keeps it, from the supplier's offer of its variant: a line without `variant_id`
 * means its product's only variant (400 `variant-required` beside it when the product has several); a
 * variant the supplier does not sell, two lines of one variant, or a quantity under its minimum order
 * quantity (spec §5) are refused beside their line.
 */
function linesFrom(input: LineInput[], offered: SupplierProductRow[]) {
  const offers = new Map(
    offered.flatMap((row) =>
      row.link.variantId === null ? [] : [[offerKey(row.productCode, row.link.variantId), row]],
    ),
  );
  const variantCounts = new Map(offered.map((row) => [row.productCode, row.variantCount]));
  const fields: Record<string, string[]> = {};
  const seen = new Set<string>();
  const keys = input.map((line, position) => {
    let variantId = line.variant_id;
    if (variantId === undefined && (variantCounts.get(line.product_code) ?? 1) > 1) {
      fields[`lines.${position}.variant_id`] = ["variant-required"];
      return null;
    }
    // The product's only variant, when the supplier offers it.
    variantId ??= offered.find((row) => row.productCode === line.product_code)?.link.variantId ?? undefined;
    const key = offerKey(line.product_code, variantId);
    if (seen.has(key)) fields[`lines.${position}.product_code`] = ["line-repeated"];
    seen.add(key);
    return key;
  });
  Object.assign(
    fields,
    refusedLines(
      input.map((line, position) => ({ ...line, product_code: keys[position] })),
      new Map([...offers].map(([key, row]) => [key, row.link.minimumOrderQuantity])),
    ),
  );
  if (Object.keys(fields).length > 0) throw new ActionError(400, "invalid-payload", fields);
  return input.map((line, position) => {
    const offer = offers.get(keys[position]!)!;
    const unitCostCents = line.unit_cost_cents ?? offer.link.costCents;
    return {
      productId: offer.link.productId,
      variantId: offer.link.variantId,
      position,
      productCode: line.product_code,
      nameZhHk: offer.nameZhHk,
      nameEn: offer.nameEn,
      variantNameZhHk: offer.labelZhHk,
      variantNameEn: offer.labelEn,
      supplierCode: offer.link.supplierCode,
      quantity: line.quantity,
      unitCostCents,
      lineTotalCents: line.quantity * unitCostCents,
      receivedQuantity: 0,
    };
  });
}

type NewLine = ReturnType<typeof linesFrom>[number];

/** Lines per insert: about 15 bound values each, and D1 binds at most 100 per statement. */
const LINES_PER_INSERT = 6;

const lineInserts = (store: StoreScope, purchaseOrderId: number | SQL, lines: NewLine[]) =>
  chunks(lines, LINES_PER_INSERT).map((group) =>
    store.insert(
      purchaseOrderLines,
      group.map((line) => ({ ...line, purchaseOrderId })),
    ),
  );

const totalsOf = (lines: NewLine[]) => ({
  totalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
  orderedQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
});

function historyStatement(
  store: StoreScope,
  caller: Caller,
  change: { orderId: number | SQL; from: PurchaseOrderStatus | null; to: PurchaseOrderStatus; note?: string | null },
) {
  return store.insert(purchaseOrderHistory, [
    {
      purchaseOrderId: change.orderId,
      fromStatus: change.from,
      toStatus: change.to,
      actorEmail: caller.email,
      note: change.note ?? null,
    },
  ]);
}

/** A new draft for the supplier with these lines: the order, its lines, its first history row and the log. */
async function addDraft(
  store: StoreScope,
  caller: Caller,
  now: Date,
  supplier: { id: number; name: string },
  fields: { expectedDate: string | null; note: string | null },
  lines: NewLine[],
) {
  // The batch is one transaction and ids autoincrement: the store's newest order is this one.
  const addedId = sql`(select max(${purchaseOrders.id}) from ${purchaseOrders} where ${store.where(purchaseOrders)})`;
  const columns = {
    supplierId: supplier.id,
    supplierName: supplier.name,
    status: "draft" as const,
    expectedDate: fields.expectedDate,
    note: fields.note,
    ...totalsOf(lines),
  };
  const [[added]] = await store.batch([
    store
      .insert(purchaseOrders, [
        {
          ...columns,
          poNumber: sql`(select coalesce(max(${purchaseOrders.poNumber}), 0) + 1 from ${purchaseOrders} where ${store.where(purchaseOrders)})`,
        },
      ])
      .returning({ id: purchaseOrders.id, poNumber: purchaseOrders.poNumber }),
    ...lineInserts(store, addedId, lines),
    historyStatement(store, caller, { orderId: addedId, from: null, to: "draft" }),
    store.log(caller, now, {
      action: "add",
      dataType: DATA_TYPE,
      recordId: addedId,
      recordName: null,
      before: null,
      after: toLogged({ ...columns, receivedQuantity: 0 }, lines),
    }),
  ]);
  return { id: added.id };
}

/** The log's name for an order: its number. */
const nameOf = (order: Pick<OrderRow, "poNumber">) => oneName(purchaseOrderNumber(order.poNumber));

/** A supplier product is due for reorder: its variant's stock (limited) is at or below its reorder point. */
const due = (store: StoreScope) =>
  sql`exists (select 1 from ${productVariants} where ${store.where(
    productVariants,
    eq(productVariants.id, supplierProducts.variantId),
    eq(productVariants.unlimitedInventory, false),
    sql`${productVariants.stock} <= ${supplierProducts.reorderPoint}`,
  )})`;

/**
 * The supplier products due for reorder (of one supplier, or all), the first MAX_PURCHASE_ORDER_LINES by
 * supplier and position: one statement along the partial reorder index, each row with its product,
 * variant and supplier read by id (as JSON: `suggestionsOf` reads them).
 */
const reorderQuery = (store: StoreScope, supplierId?: number) =>
  store
    .selectFields(
      supplierProducts,
      {
        supplierId: supplierProducts.supplierId,
        reorderPoint: supplierProducts.reorderPoint,
        minimumOrderQuantity: supplierProducts.minimumOrderQuantity,
        costCents: supplierProducts.costCents,
        product: sql<string>`(select json_object('code', ${products.productCode}, 'zh', ${products.nameZhHk}, 'en', ${products.nameEn}) from ${products} where ${products.id} = ${supplierProducts.productId})`,
        variant:
          sql<string>`(select json_object('id', ${productVariants.id}, 'stock', ${productVariants.stock}, 'zh', ${variantLabel("zh_hk")}, 'en', ${variantLabel("en")}) from ${productVariants} where ${productVariants.id} = ${supplierProducts.variantId})`.as(
            "variant_json",
          ),
        supplierName: sql<string>`(select ${suppliers.name} from ${suppliers} where ${suppliers.id} = ${supplierProducts.supplierId})`,
      },
      isNotNull(supplierProducts.reorderPoint),
      supplierId === undefined ? undefined : eq(supplierProducts.supplierId, supplierId),
      due(store),
    )
    .orderBy(asc(supplierProducts.supplierId), asc(supplierProducts.position))
    .limit(MAX_PURCHASE_ORDER_LINES);

/** The suggestions by supplier, suppliers by name. */
function suggestionsOf(
  rows: {
    supplierId: number;
    supplierName: string;
    reorderPoint: number | null;
    minimumOrderQuantity: number;
    costCents: number;
    product: string;
    variant: string;
  }[],
): ReorderSuggestion[] {
  const bySupplier = new Map<number, ReorderSuggestion>();
  for (const row of rows) {
    const product = JSON.parse(row.product) as { code: string; zh: string; en: string };
    const variant = JSON.parse(row.variant) as { id: number; stock: number; zh: string; en: string };
    const suggestion: ReorderSuggestion = bySupplier.get(row.supplierId) ?? {
      supplier_id: row.supplierId,
      supplier_name: row.supplierName,
      products: [],
    };
    suggestion.products.push({
      product_code: product.code,
      name_zh_hk: product.zh,
      name_en: product.en,
      variant_id: variant.id,
      label_zh_hk: variant.zh,
      label_en: variant.en,
      stock: variant.stock,
      reorder_point: row.reorderPoint ?? 0,
      minimum_order_quantity: row.minimumOrderQuantity,
      cost_cents: row.costCents,
    });
    bySupplier.set(row.supplierId, suggestion);
  }
  return [...bySupplier.values()].sort(
    (a, b) => a.supplier_name.localeCompare(b.supplier_name) || a.supplier_id - b.supplier_id,
  );
}

/** A stock or receipt the database refused, or a save over a version that moved on. */
function rethrowReceiptRefused(error: unknown): never {
  const text = errorText(error);
  if (text.includes("received_within_ordered")) throw new ActionError(409, "purchase-order-over-receipt");
  if (/NOT NULL constraint failed: stock_level\.stock\b/.test(text)) {
    throw new ActionError(409, withValue("inventory-over-maximum", MAX_QUANTITY));
  }
  if (/NOT NULL constraint failed: inventory_adjustment\./.test(text)) throw notFound();
  rethrowStaleVersion(error);
}

export const purchaseOrderActions = [
  defineAction(
    "get_purchase_order_data_and_total_number_by_sorting_and_limit",
    "store:purchase_order:read",
    async (input, { store }) => {
      const number = input.keyword ? NUMBER.exec(input.keyword)?.[1] : undefined;
      const where = and(
        or(
          contains([purchaseOrders.supplierName], input.keyword),
          number === undefined ? undefined : eq(purchaseOrders.poNumber, Number(number)),
        ),
        input.status === undefined ? undefined : eq(purchaseOrders.status, input.status),
        input.supplier_id === undefined ? undefined : eq(purchaseOrders.supplierId, input.supplier_id),
      );
      return pagedRows(store, input, purchaseOrders, where, SORT_COLUMNS[input.sorting], toRecord);
    },
  ),

  defineAction("get_purchase_order_data_by_application_key_and_id", "store:purchase_order:read", {
    reads: ({ id }, { store }) =>
      [
        orderById(store, id),
        linesOf(store, id),
        store
          .select(purchaseOrderHistory, eq(purchaseOrderHistory.purchaseOrderId, id))
          .orderBy(asc(purchaseOrderHistory.id)),
        store
          .select(purchaseOrderReceipts, eq(purchaseOrderReceipts.purchaseOrderId, id))
          .orderBy(asc(purchaseOrderReceipts.id)),
        store.select(
          suppliers,
          eq(
            suppliers.id,
            sql`(select ${purchaseOrders.supplierId} from ${purchaseOrders} where ${store.where(purchaseOrders, eq(purchaseOrders.id, id))})`,
          ),
        ),
        ...storeContactReads(store),
        locationsRead(store),
      ] as const,
    handler: async (
      _input,
      _context,
      [rows, lines, history, receipts, [supplier], [account], [website], storeLocations],
    ): Promise<PurchaseOrderDetail> => ({
      ...toRecord(found(rows)),
      lines: lines.map(toLine),
      history: history.map((row) => ({
        from_status: row.fromStatus,
        to_status: row.toStatus,
        actor_email: row.actorEmail,
        note: row.note,
        create_date: row.createdAt,
      })),
      receipts: receipts.map((row) => ({
        id: row.id,
        lines: row.lines,
        actor_email: row.actorEmail,
        note: row.note,
        create_date: row.createdAt,
      })),
      supplier: supplier
        ? {
            contact_person: supplier.contactPerson,
            phone: supplier.phone,
            email: supplier.email,
            address: supplier.address,
          }
        : null,
      store: storeContact(account, website),
      locations: storeLocations,
    }),
  }),

  defineAction("add_purchase_order_data", "store:purchase_order:write", {
    reads: ({ supplier_id }, { store }) =>
      [supplierById(store, supplier_id), supplierProductsOf(store, supplier_id)] as const,
    handler: async (input, { store, caller, now }, [rows, links]) => {
      const supplier = found(rows);
      const lines = linesFrom(input.lines, supplierProductRows(links));
      return addDraft(store, caller, now, supplier, { expectedDate: input.expected_date, note: input.note }, lines);
    },
  }),

  defineAction("update_purchase_order_data_by_application_key_and_id", "store:purchase_order:write", {
    reads: ({ id, supplier_id }, { store }) =>
      [
        orderById(store, id),
        linesOf(store, id),
        supplierById(store, supplier_id),
        supplierProductsOf(store, supplier_id),
      ] as const,
    handler: async ({ id, version, ...input }, { store, caller, now }, [rows, before, suppliersFound, links]) => {
      const order = found(rows);
      const supplier = found(suppliersFound);
      if (order.status !== "draft") throw new ActionError(409, "purchase-order-not-editable");
      const lines = linesFrom(input.lines, supplierProductRows(links));
      const columns = {
        supplierId: supplier.id,
        supplierName: supplier.name,
        expectedDate: input.expected_date,
        note: input.note,
        ...totalsOf(lines),
      };
      await store
        .batch([
          store.update(
            purchaseOrders,
            { ...columns, version: nextVersion(purchaseOrders.version, version) },
            eq(purchaseOrders.id, id),
          ),
          store.delete(purchaseOrderLines, eq(purchaseOrderLines.purchaseOrderId, id)),
          ...lineInserts(store, id, lines),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: nameOf(order),
            before: toLogged(order, before),
            after: toLogged({ ...order, ...columns }, lines),
          }),
        ])
        .catch(rethrowStaleVersion);
      return null;
    },
  }),

  defineAction("update_purchase_order_status_data_by_application_key_and_id", "store:purchase_order:write", {
    reads: ({ id }, { store }) => [orderById(store, id), linesOf(store, id)] as const,
    handler: async ({ id, version, to, note }, { store, caller, now }, [rows, lines]) => {
      const order = found(rows);
      if (order.version !== version) throw new ActionError(409, "edited-elsewhere");
      const moves: readonly PurchaseOrderStatus[] = PURCHASE_ORDER_MOVES;
      if (!moves.includes(to) || !canMovePurchaseOrder(order.status, to)) {
        throw new ActionError(409, "purchase-order-transition-not-allowed");
      }
      await store
        .batch([
          store.update(
            purchaseOrders,
            { status: to, version: nextVersion(purchaseOrders.version, version) },
            eq(purchaseOrders.id, id),
          ),
          historyStatement(store, caller, { orderId: id, from: order.status, to, note }),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: nameOf(order),
            before: toLogged(order, lines),
            after: toLogged({ ...order, status: to }, lines),
          }),
        ])
        .catch(rethrowStaleVersion);
      return null;
    },
  }),

  /**
   * One receipt in one batch: the order's status and version first (a compare-and-set, so of two receipts
   * sent from the same version one counts and the other is 409 with nothing written), then each line's
   * received quantity (its CHECK refuses more than ordered), each line's variant's stock with its
   * inventory adjustment naming it (an unlimited variant keeps its stock and gets none; a line whose
   * variant is deleted raises none), the receipt, the history and the log.
   */
  defineAction("add_purchase_order_receipt_data", "store:purchase_order:write", {
    reads: ({ purchase_order_id, location_id }, { store }) =>
      [
        orderById(store, purchase_order_id),
        linesOf(store, purchase_order_id),
        payloadLocation(store, location_id),
      ] as const,
    handler: async (
      { purchase_order_id: id, version, lines: input, note, location_id },
      { store, caller, now },
      [rows, lines, location],
    ) => {
      const order = found(rows);
      const locationId = writeLocation(caller, location, location_id);
      if (!RECEIVING_STATUSES.includes(order.status)) {
        throw new ActionError(409, "purchase-order-transition-not-allowed");
      }
      if (order.version !== version) throw new ActionError(409, "edited-elsewhere");
      const received = new Map<number, number>();
      for (const line of input) received.set(line.line_id, (received.get(line.line_id) ?? 0) + line.quantity);
      const byId = new Map(lines.map((line) => [line.id, line]));
      if ([...received.keys()].some((lineId) => !byId.has(lineId))) throw notFound();
      const fields: Record<string, string[]> = {};
      input.forEach((entry, index) => {
        const line = byId.get(entry.line_id)!;
        if (line.receivedQuantity + received.get(entry.line_id)! > line.quantity) {
          fields[`lines.${index}.quantity`] = [
            withValue("received-over-ordered", line.quantity - line.receivedQuantity),
          ];
        }
      });
      if (Object.keys(fields).length > 0) throw new ActionError(409, "purchase-order-over-receipt", fields);

      const receiving = [...received].filter(([, quantity]) => quantity > 0);
      const total = receiving.reduce((sum, [, quantity]) => sum + quantity, 0);
      const to: PurchaseOrderStatus =
        order.receivedQuantity + total === order.orderedQuantity ? "received" : "partially_received";
      const reason = purchaseOrderNumber(order.poNumber);
      const stock = receiving.flatMap(([lineId, quantity]) =>
        stockMove(store, caller, now, { variantId: byId.get(lineId)!.variantId, locationId, change: quantity, reason }),
      );
      const after = lines.map((line) => ({
        ...line,
        receivedQuantity: line.receivedQuantity + (received.get(line.id) ?? 0),
      }));
      await store
        .batch([
          locationInUse(store, caller, locationId),
          store.update(
            purchaseOrders,
            {
              status: to,
              receivedQuantity: sql`${purchaseOrders.receivedQuantity} + ${total}`,
              version: nextVersion(purchaseOrders.version, version),
            },
            eq(purchaseOrders.id, id),
          ),
          ...receiving.map(([lineId, quantity]) =>
            store.update(
              purchaseOrderLines,
              { receivedQuantity: sql`${purchaseOrderLines.receivedQuantity} + ${quantity}` },
              eq(purchaseOrderLines.id, lineId),
            ),
          ),
          ...stock,
          store.insert(purchaseOrderReceipts, [
            {
              purchaseOrderId: id,
              lines: receiving.map(([lineId, quantity]) => ({ line_id: lineId, quantity })),
              actorEmail: caller.email,
              note,
            },
          ]),
          ...(to === order.status
            ? []
            : [historyStatement(store, caller, { orderId: id, from: order.status, to, note })]),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: nameOf(order),
            before: toLogged(order, lines),
            after: toLogged({ ...order, status: to, receivedQuantity: order.receivedQuantity + total }, after),
          }),
        ])
        .catch(rethrowLocationRefused)
        .catch(rethrowReceiptRefused);
      return { status: to };
    },
  }),

  defineAction("get_reorder_suggestion_data_list_by_application_key", "store:purchase_order:read", {
    reads: (_input, { store }) => [reorderQuery(store)] as const,
    handler: async (_input, _context, [rows]) => suggestionsOf(rows),
  }),

  defineAction("add_reorder_purchase_order_data", "store:purchase_order:write", {
    reads: ({ supplier_id }, { store }) =>
      [
        supplierById(store, supplier_id),
        supplierProductsOf(store, supplier_id),
        reorderQuery(store, supplier_id),
      ] as const,
    handler: async (_input, { store, caller, now }, [rows, links, reorder]) => {
      const supplier = found(rows);
      const [suggestion] = suggestionsOf(reorder);
      if (!suggestion) throw new ActionError(409, "nothing-to-reorder");
      const lines = linesFrom(
        suggestion.products.map((row) => ({
          product_code: row.product_code,
          variant_id: row.variant_id,
          quantity: row.minimum_order_quantity,
          unit_cost_cents: row.cost_cents,
        })),
        supplierProductRows(links),
      );
      return addDraft(store, caller, now, supplier, { expectedDate: null, note: null }, lines);
    },
  }),
];
