import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import type { SupplierDetail, SupplierProductRecord, SupplierRecord } from "./contract";
import type { StoreScope } from "../../backend/db/scope";
import { products, supplierProducts, suppliers } from "../../backend/db/schema";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { oneName } from "../../backend/log";
import { defineStoreCrud } from "../../backend/crud";
import { snakeCased } from "../../backend/records";
import { defineAction } from "../../backend/registry";
import { errorText } from "../../backend/unique";

type SupplierFields = Omit<Payload<"add_supplier_data">, "application_key">;
type SupplierRow = typeof suppliers.$inferSelect;

const DATA_TYPE = "supplier_data";

const SORT_COLUMNS = {
  create_date: suppliers.createdAt,
  name: sql`${suppliers.name} COLLATE NOCASE`,
} as const;

function toColumns(input: SupplierFields) {
  return {
    name: input.name,
    contactPerson: input.contact_person,
    phone: input.phone,
    email: input.email,
    address: input.address,
    note: input.note,
  };
}

const toRecord = (row: SupplierRow): SupplierRecord =>
  snakeCased(row, { omit: ["applicationKey", "createdAt"], add: { create_date: row.createdAt } });

type ProductLine = Omit<
  SupplierProductRecord,
  "product_id" | "name_zh_hk" | "name_en" | "stock" | "unlimited_inventory"
>;

/** The fields as the log keeps them: the products as one line each (code, supplier's code, cost, minimum, reorder). */
const toLogged = (columns: ReturnType<typeof toColumns>, lines: ProductLine[]) =>
  snakeCased(columns, {
    pick: ["name", "contactPerson", "phone", "email", "address", "note"],
    add: {
      products: lines
        .map(
          (line) =>
            `${line.product_code} ${line.supplier_code ?? "-"} ${line.cost_cents} ×${line.minimum_order_quantity} ≤${line.reorder_point ?? "-"}`,
        )
        .join("; "),
    },
  });

/** The list and the delete: a supplier's other actions keep its products with it. */
const crud = defineStoreCrud({
  entity: "supplier",
  table: suppliers,
  module: "supplier",
  toRecord,
  dataType: DATA_TYPE,
  nameOf: (values) => oneName(values.name),
});

export const supplierById = (store: StoreScope, id: number) => store.select(suppliers, eq(suppliers.id, id)).limit(1);

/** The supplier's products in the order the form lists them, and the products' names and stock (`withProducts` joins them). */
export const supplierProductsOf = (store: StoreScope, supplierId: number) =>
  [
    store.select(supplierProducts, eq(supplierProducts.supplierId, supplierId)).orderBy(asc(supplierProducts.position)),
    store.selectFields(
      products,
      productFields,
      inArray(
        products.id,
        store.selectFields(
          supplierProducts,
          { id: supplierProducts.productId },
          eq(supplierProducts.supplierId, supplierId),
        ),
      ),
    ),
  ] as const;

export const productFields = {
  id: products.id,
  productCode: products.productCode,
  nameZhHk: products.nameZhHk,
  nameEn: products.nameEn,
  stock: products.stock,
  unlimitedInventory: products.unlimitedInventory,
};

type ProductFieldsRow = { [K in keyof typeof productFields]: (typeof productFields)[K]["_"]["data"] };

/** Each supplier product with its product's names and stock. */
export function withProducts(links: (typeof supplierProducts.$inferSelect)[], productRows: ProductFieldsRow[]) {
  const byId = new Map(productRows.map((row) => [row.id, row]));
  return links.flatMap((link) => {
    const product = byId.get(link.productId);
    return product ? [{ ...link, product }] : [];
  });
}

export type SupplierProductRow = ReturnType<typeof withProducts>[number];

const toProductRecord = (row: SupplierProductRow): SupplierProductRecord => ({
  product_id: row.productId,
  product_code: row.product.productCode,
  name_zh_hk: row.product.nameZhHk,
  name_en: row.product.nameEn,
  stock: row.product.stock,
  unlimited_inventory: row.product.unlimitedInventory,
  supplier_code: row.supplierCode,
  cost_cents: row.costCents,
  minimum_order_quantity: row.minimumOrderQuantity,
  reorder_point: row.reorderPoint,
});

/** The store's products a form names by code. */
const productsByCodes = (store: StoreScope, codes: string[]) =>
  store.selectFields(
    products,
    { id: products.id, productCode: products.productCode },
    inArray(products.productCode, ["", ...codes]),
  );

/**
 * Each line's product id. A code the store has no product for is 404, as for any other id of the payload,
 * with the line named so the form shows it beside the code.
 */
function productIds(lines: SupplierFields["products"], rows: { id: number; productCode: string }[]) {
  const byCode = new Map(rows.map((row) => [row.productCode, row.id]));
  const unknown = lines.flatMap((line, index) => (byCode.has(line.product_code) ? [] : [index]));
  if (unknown.length > 0) {
    throw new ActionError(
      404,
      "not-found",
      Object.fromEntries(unknown.map((index) => [`products.${index}.product_code`, ["product-not-found"]])),
    );
  }
  return lines.map((line) => byCode.get(line.product_code)!);
}

const productLinks = (store: StoreScope, supplierId: number | SQL, input: SupplierFields, ids: number[]) =>
  input.products.length === 0
    ? []
    : [
        store.insert(
          supplierProducts,
          input.products.map((line, position) => ({
            supplierId,
            productId: ids[position],
            position,
            supplierCode: line.supplier_code,
            costCents: line.cost_cents,
            minimumOrderQuantity: line.minimum_order_quantity,
            reorderPoint: line.reorder_point,
          })),
        ),
      ];

export const supplierActions = [
  crud.list({
    search: [suppliers.name, suppliers.contactPerson, suppliers.phone, suppliers.email],
    sorts: SORT_COLUMNS,
  }),

  defineAction("get_supplier_data_list_by_application_key", "store:purchase_order:read", {
    reads: (_input, { store }) =>
      [
        store
          .selectFields(suppliers, { id: suppliers.id, name: suppliers.name })
          .orderBy(sql`${suppliers.name} COLLATE NOCASE`, asc(suppliers.id)),
      ] as const,
    handler: async (_input, _context, [rows]) => rows,
  }),

  defineAction("get_supplier_data_by_application_key_and_id", "store:supplier:read", {
    reads: ({ id }, { store }) => [supplierById(store, id), ...supplierProductsOf(store, id)] as const,
    handler: async (_input, _context, [rows, links, productRows]): Promise<SupplierDetail> => ({
      ...toRecord(found(rows)),
      products: withProducts(links, productRows).map(toProductRecord),
    }),
  }),

  defineAction("add_supplier_data", "store:supplier:write", {
    reads: ({ products: lines }, { store }) =>
      [
        productsByCodes(
          store,
          lines.map((line) => line.product_code),
        ),
      ] as const,
    handler: async ({ application_key: _key, ...input }, { store, caller, now }, [known]) => {
      const ids = productIds(input.products, known);
      const columns = toColumns(input);
      // The batch is one transaction and the id autoincrements: the store's newest supplier is this one.
      const addedId = sql`(select max(${suppliers.id}) from ${suppliers} where ${store.where(suppliers)})`;
      const [[added]] = await store.batch([
        store.insert(suppliers, [columns]).returning({ id: suppliers.id }),
        ...productLinks(store, addedId, input, ids),
        store.log(caller, now, {
          action: "add",
          dataType: DATA_TYPE,
          recordId: addedId,
          recordName: oneName(columns.name),
          before: null,
          after: toLogged(columns, input.products),
        }),
      ]);
      return { id: added.id };
    },
  }),

  defineAction("update_supplier_data_by_application_key_and_id", "store:supplier:write", {
    reads: ({ id, products: lines }, { store }) =>
      [
        supplierById(store, id),
        ...supplierProductsOf(store, id),
        productsByCodes(
          store,
          lines.map((line) => line.product_code),
        ),
      ] as const,
    handler: async (
      { application_key: _key, id, version, ...input },
      { store, caller, now },
      [rows, links, productRows, known],
    ) => {
      const before = withProducts(links, productRows);
      const row = found(rows);
      const ids = productIds(input.products, known);
      const columns = toColumns(input);
      await store
        .batch([
          store.update(
            suppliers,
            { ...columns, version: nextVersion(suppliers.version, version) },
            eq(suppliers.id, id),
          ),
          store.delete(supplierProducts, eq(supplierProducts.supplierId, id)),
          ...productLinks(store, id, input, ids),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: oneName(columns.name),
            before: toLogged(row, before.map(toProductRecord)),
            after: toLogged(columns, input.products),
          }),
        ])
        .catch(rethrowStaleVersion);
      return null;
    },
  }),

  crud.delete({
    logged: (row) => ({ name: row.name, phone: row.phone }),
    refusal: (error) => {
      if (errorText(error).includes("supplier_has_open_purchase_orders")) {
        throw new ActionError(409, "supplier-has-open-purchase-orders");
      }
    },
  }),
];
