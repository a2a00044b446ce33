import { CODE128 } from "jsbarcode/bin/barcodes/CODE128/index.js";

/**
 * A code as Code 128 modules ("1" a bar, "0" a space, each one module wide), drawn by the page as SVG. Code
 * 128 carries any ASCII text, so a scanner types back exactly the product's barcode, member ID or add-on code.
 * Null for a code it cannot carry.
 */
export function code128Modules(code: string): string | null {
  const barcode = new CODE128(code, {});
  return barcode.valid() ? barcode.encode().data : null;
}
