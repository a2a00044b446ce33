import xss from "xss";
import type * as Xss from "xss";
import { RICH_TEXT_TAGS } from "../contract/rich-text";

// js-xss is CommonJS that sets its helpers in a loop, which Node's ESM loader cannot name: take them from the
// module object (the scripts that import the registry run in Node).
const { FilterXSS, escapeAttrValue, friendlyAttrValue } = xss as unknown as typeof Xss;

/** Tags whose content goes with them: code, styles, embedded documents and foreign markup. */
const DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "noscript",
  "noembed",
  "noframes",
  "template",
  "svg",
  "math",
  "textarea",
  "select",
  "option",
  "title",
  "head",
  "xmp",
  "plaintext",
];

const LINK = /^(https?:\/\/[^\s/?#]+|mailto:|tel:|\/(?!\/)|#)/i;
const LINK_RELS = new Set(["noopener", "noreferrer", "nofollow"]);
const SPAN = /^[1-9]\d?$/;

/** An attribute's value as the browser would read it, or null when the subset refuses it. */
function keptValue(tag: string, name: string, raw: string, ownUploads: string): string | null {
  const value = friendlyAttrValue(raw).trim();
  switch (`${tag}.${name}`) {
    case "a.href":
      return LINK.test(value) ? value : null;
    case "a.target":
      return value === "_blank" ? value : null;
    case "a.rel": {
      const kept = value
        .toLowerCase()
        .split(/\s+/)
        .filter((token) => LINK_RELS.has(token));
      return kept.length > 0 ? kept.join(" ") : null;
    }
    case "img.src":
      return value.startsWith(ownUploads) || /^https:\/\/[^\s/?#]+/i.test(value) ? value : null;
    case "th.colspan":
    case "th.rowspan":
    case "td.colspan":
    case "td.rowspan":
      return SPAN.test(value) ? value : null;
    default:
      return value;
  }
}

/**
 * The rich text a store saves, reduced to the safe subset of contract/rich-text.ts: run on every save,
 * whatever the form or client sent. Runs in Workers (js-xss: a tokenizer, no DOM).
 */
export function sanitizeRichText(html: string, applicationKey: string): string {
  const ownUploads = `/uploads/${applicationKey}/`;
  const filter = new FilterXSS({
    whiteList: Object.fromEntries(Object.entries(RICH_TEXT_TAGS).map(([tag, names]) => [tag, [...names]])),
    stripIgnoreTag: true,
    stripIgnoreTagBody: DROPPED_WITH_CONTENT,
    allowCommentTag: false,
    css: false,
    onTagAttr: (tag, name, value) => {
      const allowed = (RICH_TEXT_TAGS as Record<string, readonly string[]>)[tag] ?? [];
      if (!allowed.includes(name)) return "";
      const kept = keptValue(tag, name, value, ownUploads);
      return kept === null ? "" : `${name}="${escapeAttrValue(kept)}"`;
    },
  });
  // The filter marks a dropped tag it found no end of with "[removed]"; with the text's own brackets
  // written as references first, every bracket left in text is such a mark.
  return filter
    .process(html.replaceAll("[", "&#91;"))
    .replace(/\[\/?removed\]/g, "")
    .trim();
}
