const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export function spreadsheetResponse(bytes: Uint8Array, filename: string) {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: { "Content-Type": XLSX_TYPE, "Content-Disposition": `attachment; filename="${filename}"` },
  });
}

export function csvResponse(text: string, filename: string) {
  return new Response(text, {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}"` },
  });
}
