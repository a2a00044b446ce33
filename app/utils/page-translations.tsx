import { createContext, useContext } from "react";
import { useNonce } from "./nonce";

const SCRIPT_ID = "page-translations";

/**
 * The translations of the page's namespaces in its language, as the JSON the document carries so
 * that the browser's i18next starts with them and hydrates without fetching any. The server's
 * render gets them from entry.server; the browser's reads the same text back from the document.
 */
export const PageTranslationsContext = createContext("{}");

/** A JSON script, which the browser never runs; it carries the nonce anyway, as every script of ours does. */
export function PageTranslations() {
  return (
    <script
      id={SCRIPT_ID}
      type="application/json"
      nonce={useNonce()}
      dangerouslySetInnerHTML={{ __html: useContext(PageTranslationsContext) }}
    />
  );
}

export function documentTranslations(): string {
  return document.getElementById(SCRIPT_ID)?.textContent ?? "{}";
}
