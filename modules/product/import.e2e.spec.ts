import * as XLSX from "@e965/xlsx";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { localeFile } from "../../scripts/locale-files";
import { expect, test } from "../../tests/e2e/fixtures";

type Headers = Record<string, string>;
const headersIn = (language: "en" | "zh-HK") =>
  (JSON.parse(readFileSync(localeFile(language, "product"), "utf8")) as { sheet: { headers: Headers } }).sheet.headers;
/** A column's header in either language: the export writes the page's. */
const HEADERS = [headersIn("en"), headersIn("zh-HK")];
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The exported workbook with each change's `value` under its `column` header in the row of product `code`
 * (its `variant`th row, a row per variant, the first by default).
 */
function withCells(
  exported: Buffer,
  changes: { code: string; column: string; value: string | number; variant?: number }[],
) {
  const book = XLSX.read(exported);
  const sheet = book.Sheets[book.SheetNames[0]];
  const table = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
  for (const { code, column, value, variant = 0 } of changes) {
    const row = table.findIndex((cells) => cells[0] === code) + variant;
    const index = table[0].findIndex((header) => HEADERS.some((headers) => headers[column] === header));
    expect(table[row]?.[0], `the export's row ${variant} of ${code}`).toBe(code);
    expect(index, `the export's ${column} column`).toBeGreaterThanOrEqual(0);
    XLSX.utils.sheet_add_aoa(sheet, [[value]], { origin: { r: row, c: index } });
  }
  return {
    name: "products.xlsx",
    mimeType: XLSX_TYPE,
    buffer: XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer,
  };
}

/** The file input still holding the chosen file (it cannot come back once the page is reloaded without JS). */
const chosenFiles = (page: Page, label: string) =>
  page.getByLabel(label).evaluate((input) => (input as HTMLInputElement).files?.length ?? 0);

test("a merchant exports the products, changes a price in the sheet and imports it back with add and update", async ({
  page,
  t,
  factory,
  signIn,
  visit,
}, testInfo) => {
  const store = await factory("store");
  const code = `exp-${crypto.randomUUID().slice(0, 6)}`;
  const product = await factory<{ nameZhHk: string }>("product", {
    applicationKey: store.applicationKey,
    productCode: code,
    priceCents: 1050,
    stock: 4,
  });
  const other = await factory<{ productCode: string; nameZhHk: string }>("product", {
    applicationKey: store.applicationKey,
    priceCents: 2000,
  });
  const shirt = await factory<{ productCode: string; nameZhHk: string }>("product-with-variants", {
    applicationKey: store.applicationKey,
    options: [{ nameZhHk: "尺碼", nameEn: "Size", values: ["S", "M"] }],
    variants: [
      { values: [0], priceCents: 9900, stock: 2 },
      { values: [1], priceCents: 9900, stock: 3 },
    ],
  });
  await signIn(store.email, store.password);

  await page.goto("/product/product-list");
  const exportUrl = await page.getByRole("link", { name: t("common:sheet.export-xlsx") }).getAttribute("href");
  const exported = await page.request.get(exportUrl!);
  expect(exported.headers()["content-type"]).toBe(XLSX_TYPE);
  // A row per variant: the T-shirt's second row is its size M.
  const edited = withCells(await exported.body(), [
    { code, column: "price", value: 12.8 },
    { code: shirt.productCode, column: "price", value: 105, variant: 1 },
  ]);
  const file = t("common:sheet.file");
  const addOnly = page.getByRole("radio", { name: t("product:import-mode.add_only") });
  const addAndUpdate = page.getByRole("radio", { name: t("product:import-mode.add_and_update") });
  const importButton = page.getByRole("button", { name: t("common:sheet.import"), exact: true });

  // Add only, today's import, is the default: the store has the three codes, so each product's first row is refused.
  await visit("/product/product-list/import");
  await expect(addOnly).toBeChecked();
  await page.getByLabel(file).setInputFiles(edited);
  await importButton.click();
  await expect(page.getByText(t("common:sheet.failed_other", { count: 3 }))).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`^2 .*${t("message:product-code-used")}`) })).toBeVisible();

  // A sheet with a problem, to import with add and update: the choice comes back with the row's error.
  await addAndUpdate.check();
  await page.getByLabel(file).setInputFiles(
    withCells(await exported.body(), [
      { code, column: "price", value: "12.8x" },
      { code: other.productCode, column: "stock", value: -1 },
    ]),
  );
  await importButton.click();
  await expect(page.getByText(t("common:sheet.failed_other", { count: 2 }))).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`${t("validation:format-not-match")}$`) })).toBeVisible();
  await expect(addAndUpdate).toBeChecked();
  if (testInfo.project.use.javaScriptEnabled !== false) expect(await chosenFiles(page, file)).toBe(1);

  await page.getByLabel(file).setInputFiles(edited);
  await importButton.click();
  await expect(page.getByText(t("product:import-done", { added: 0, updated: 2 }))).toBeVisible();
  await expect(page).toHaveURL(/\/product\/product-list$/);
  const row = (name: string) => page.getByRole("row").filter({ has: page.getByRole("link", { name }) });
  await expect(row(product.nameZhHk)).toContainText("HK$12.80");
  await expect(row(other.nameZhHk)).toContainText("HK$20.00");
  // The T-shirt's size M alone has the new price: its size S keeps its own.
  await expect(row(shirt.nameZhHk)).toContainText("HK$99.00 – HK$105.00");

  // The product itself says so, and its stock was not touched: the sheet's stock is the one it had.
  await page.goto(`/product/product-list/detail/${code}`);
  await expect(page.getByLabel(t("product:field.price"), { exact: true }).and(page.getByRole("textbox"))).toHaveValue(
    "12.80",
  );
  await expect(page.getByText(t("product:stock-now_other", { count: 4 }))).toBeVisible();
});
