import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Payload } from "../../contract/actions";
import type { SupplierDetail, SupplierProductRecord, SupplierRecord } from "./contract";
import type { StoreScope } from "../../backend/db/scope";
import { products, productVariants, supplierProducts, suppliers } from "../../backend/db/schema";
import { variantLabel } from "../product/variant-sql";
import { nextVersion, rethrowStaleVersion } from "../../backend/db/version";
import { ActionError, found } from "../../backend/errors";
import { oneName } from "../../backend/log";
import { defineStoreCrud } from "../../backend/crud";
import { snakeCased } from "../../backend/records";
import { chunks } from "../../backend/db/chunks";
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

type ProductLine = Pick<
  SupplierProductRecord,
  "product_code" | "label_zh_hk" | "supplier_code" | "cost_cents" | "minimum_order_quantity" | "reorder_point"
>;

/**
 * The fields as the log keeps them: the products as one line each (code and variant, supplier's code,
 * cost, minimum, reorder point).
 */
const toLogged = (columns: ReturnType<typeof toColumns>, lines: ProductLine[]) =>
  snakeCased(columns, {
    pick: ["name", "contactPerson", "phone", "email", "address", "note"],
    add: {
      products: lines
        .map(
          (line) =>
            `${line.product_code}${line.label_zh_hk ? ` (${line.label_zh_hk})` : ""} ${line.supplier_code ?? "-"} ${line.cost_cents} ×${line.minimum_order_quantity} ≤${line.reorder_point ?? "-"}`,
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

/**
 * The supplier's products in the order the form lists them, each with its product's code and names and
 * its variant's label and stock (each joined by its primary key). Read its rows with `supplierProductRows`.
 */
export const supplierProductsOf = (store: StoreScope, supplierId: number) =>
  store
    .selectFields(
      supplierProducts,
      {
        link: supplierProducts,
        // Each under a name of its own: D1 hands back a row's columns by name.
        productCode: products.productCode,
        nameZhHk: products.nameZhHk,
        nameEn: products.nameEn,
        variantCount: products.variantCount,
        stock: sql<number>`coalesce(${productVariants.stock}, ${products.stock})`.as("variant_stock"),
        unlimitedInventory:
          sql<number>`coalesce(${productVariants.unlimitedInventory}, ${products.unlimitedInventory})`.as(
            "variant_unlimited",
          ),
        sku: sql<string | null>`${productVariants.sku}`.as("variant_sku"),
        labelZhHk: variantLabel("zh_hk").as("label_zh_hk"),
        labelEn: variantLabel("en").as("label_en"),
      },
      eq(supplierProducts.supplierId, supplierId),
    )
    .innerJoin(products, eq(products.id, supplierProducts.productId))
    .leftJoin(productVariants, eq(productVariants.id, supplierProducts.variantId))
    .orderBy(asc(supplierProducts.position));

/** A supplier's product as `supplierProductsOf` reads it. */
export interface SupplierProductRow {
  link: typeof supplierProducts.$inferSelect;
  productCode: string;
  nameZhHk: string;
  nameEn: string;
  variantCount: number;
  stock: number;
  unlimitedInventory: boolean;
  sku: string | null;
  labelZhHk: string;
  labelEn: string;
}

/** The rows of `supplierProductsOf` (drizzle's types lose the selection once a scoped query is joined). */
export const supplierProductRows = (rows: unknown) =>
  (rows as (Omit<SupplierProductRow, "unlimitedInventory"> & { unlimitedInventory: number | boolean })[]).map(
    (row): SupplierProductRow => ({ ...row, unlimitedInventory: Boolean(row.unlimitedInventory) }),
  );

const toProductRecord = (row: SupplierProductRow): SupplierProductRecord => ({
  product_id: row.link.productId,
  product_code: row.productCode,
  name_zh_hk: row.nameZhHk,
  name_en: row.nameEn,
  variant_id: row.link.variantId,
  label_zh_hk: row.labelZhHk,
  label_en: row.labelEn,
  sku: row.sku,
  variant_count: row.variantCount,
  stock: row.stock,
  unlimited_inventory: row.unlimitedInventory,
  supplier_code: row.link.supplierCode,
  cost_cents: row.link.costCents,
  minimum_order_quantity: row.link.minimumOrderQuantity,
  reorder_point: row.link.reorderPoint,
});

/**
 * The store's products a form names by code, each with the variants its lines may mean: its only
 * variant, or those of the lines' `variant_id`s that are its (none: a row of the product alone).
 */
function productsByCodes(store: StoreScope, lines: SupplierFields["products"]) {
  const variantIds = lines.flatMap((line) => (line.variant_id === undefined ? [] : [line.variant_id]));
  return store
    .selectFields(
      products,
      {
        productId: sql<number>`${products.id}`.as("product_id"),
        productCode: products.productCode,
        variantCount: products.variantCount,
        variantId: sql<number | null>`${productVariants.id}`.as("variant_id"),
        labelZhHk: variantLabel("zh_hk").as("label_zh_hk"),
      },
      inArray(products.productCode, ["", ...lines.map((line) => line.product_code)]),
    )
    .leftJoin(
      productVariants,
      and(
        eq(productVariants.productId, products.id),
        or(eq(products.variantCount, 1), inArray(productVariants.id, [0, ...variantIds])),
      ),
    );
}

interface KnownVariant {
  productId: number;
  productCode: string;
  variantCount: number;
  variantId: number | null;
  labelZhHk: string;
}

/**
 * Each line's product and variant. A code the store has no product for, or a variant that is not the
 * product's, is 404, as for any other id of the payload, with the line named so the form shows it beside
 * its field; a product with several variants needs the line's `variant_id` (400 `variant-required`), and
 * two lines meaning one variant are refused (400 `line-repeated`).
 */
function resolvedLines(lines: SupplierFields["products"], rows: unknown) {
  const known = rows as KnownVariant[];
  const missing: Record<string, string[]> = {};
  const refused: Record<string, string[]> = {};
  const seen = new Set<number>();
  const resolved = lines.map((line, index) => {
    const ofProduct = known.filter((row) => row.productCode === line.product_code);
    if (ofProduct.length === 0) {
      missing[`products.${index}.product_code`] = ["product-not-found"];
      return null;
    }
    const variant =
      line.variant_id === undefined
        ? ofProduct.find((row) => row.variantCount === 1 && row.variantId !== null)
        : ofProduct.find((row) => row.variantId === line.variant_id);
    if (!variant) {
      if (line.variant_id === undefined) refused[`products.${index}.variant_id`] = ["variant-required"];
      else missing[`products.${index}.variant_id`] = ["variant-not-found"];
      return null;
    }
    if (seen.has(variant.variantId!)) refused[`products.${index}.product_code`] = ["line-repeated"];
    seen.add(variant.variantId!);
    return { productId: variant.productId, variantId: variant.variantId!, labelZhHk: variant.labelZhHk };
  });
  if (Object.keys(missing).length > 0) throw new ActionError(404, "not-found", missing);
  if (Object.keys(refused).length > 0) throw new ActionError(400, "invalid-payload", refused);
  return resolved.map((line) => line!);
}

type ResolvedLine = ReturnType<typeof resolvedLines>[number];

/** Supplier products per insert: about 10 bound values each, and D1 binds at most 100 per statement. */
const LINKS_PER_INSERT = 9;

const productLinks = (store: StoreScope, supplierId: number | SQL, input: SupplierFields, resolved: ResolvedLine[]) =>
  chunks(
    input.products.map((line, position) => ({
      supplierId,
      productId: resolved[position].productId,
      variantId: resolved[position].variantId,
      position,
      supplierCode: line.supplier_code,
      costCents: line.cost_cents,
      minimumOrderQuantity: line.minimum_order_quantity,
      reorderPoint: line.reorder_point,
    })),
    LINKS_PER_INSERT,
  ).map((links) => store.insert(supplierProducts, links));

/** A form's lines per read of their products: two bound values each (code, variant), under D1's 100. */
const LINES_PER_READ = 40;

/** The products (and variants) of a form's lines, read in groups that stay under D1's bound parameters. */
const productsOfLines = (store: StoreScope, lines: SupplierFields["products"]) =>
  chunks(lines, LINES_PER_READ).map((group) => productsByCodes(store, group));

/** The payload's lines as the log keeps them, with their variants' labels. */
const loggedLines = (input: SupplierFields, resolved: ResolvedLine[]) =>
  input.products.map((line, position) => ({ ...line, label_zh_hk: resolved[position].labelZhHk }));

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
    reads: ({ id }, { store }) => [supplierById(store, id), supplierProductsOf(store, id)] as const,
    handler: async (_input, _context, [rows, links]): Promise<SupplierDetail> => ({
      ...toRecord(found(rows)),
      products: supplierProductRows(links).map(toProductRecord),
    }),
  }),

  defineAction("add_supplier_data", "store:supplier:write", {
    reads: ({ products: lines }, { store }) => productsOfLines(store, lines),
    handler: async ({ application_key: _key, ...input }, { store, caller, now }, known) => {
      const resolved = resolvedLines(input.products, known.flat());
      const columns = toColumns(input);
      // The batch is one transaction and the id autoincrements: the store's newest supplier is this one.
      const addedId = sql`(select max(${suppliers.id}) from ${suppliers} where ${store.where(suppliers)})`;
      const [[added]] = await store.batch([
        store.insert(suppliers, [columns]).returning({ id: suppliers.id }),
        ...productLinks(store, addedId, input, resolved),
        store.log(caller, now, {
          action: "add",
          dataType: DATA_TYPE,
          recordId: addedId,
          recordName: oneName(columns.name),
          before: null,
          after: toLogged(columns, loggedLines(input, resolved)),
        }),
      ]);
      return { id: added.id };
    },
  }),

  defineAction("update_supplier_data_by_application_key_and_id", "store:supplier:write", {
    reads: ({ id, products: lines }, { store }) =>
      [supplierById(store, id), supplierProductsOf(store, id), ...productsOfLines(store, lines)] as const,
    handler: async (
      { application_key: _key, id, version, ...input },
      { store, caller, now },
      [rows, links, ...known],
    ) => {
      const before = supplierProductRows(links);
      const row = found(rows);
      const resolved = resolvedLines(input.products, known.flat());
      const columns = toColumns(input);
      await store
        .batch([
          store.update(
            suppliers,
            { ...columns, version: nextVersion(suppliers.version, version) },
            eq(suppliers.id, id),
          ),
          store.delete(supplierProducts, eq(supplierProducts.supplierId, id)),
          ...productLinks(store, id, input, resolved),
          store.log(caller, now, {
            action: "edit",
            dataType: DATA_TYPE,
            recordId: id,
            recordName: oneName(columns.name),
            before: toLogged(row, before.map(toProductRecord)),
            after: toLogged(columns, loggedLines(input, resolved)),
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
