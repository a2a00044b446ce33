/** JsBarcode's Code 128 encoder alone (its renderers need a DOM): the bars as a string of 1s and 0s. */
declare module "jsbarcode/bin/barcodes/CODE128/index.js" {
  export class CODE128 {
    constructor(data: string, options: object);
    valid(): boolean;
    encode(): { data: string; text: string };
  }
}
