/**
 * The safe HTML subset of rich text (a custom page's content): what the server keeps of whatever a form
 * sends (backend/rich-text.ts), what the editor writes, and what a merchant may type without JavaScript.
 * Every other tag is dropped with its attributes (its text kept), and script, style, iframe, svg, math and
 * the like are dropped with their content. No iframes: videos are links.
 */
export const RICH_TEXT_TAGS = {
  p: [],
  h2: [],
  h3: [],
  h4: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  ul: [],
  ol: [],
  li: [],
  br: [],
  hr: [],
  blockquote: [],
  /** http(s), mailto: and tel: addresses, paths on the store's own site (/…) and #anchors. */
  a: ["href", "target", "rel"],
  /** The store's own uploads (/uploads/<application_key>/…) or https images. */
  img: ["src", "alt", "title"],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ["colspan", "rowspan"],
  td: ["colspan", "rowspan"],
} as const satisfies Record<string, readonly string[]>;

export type RichTextTag = keyof typeof RICH_TEXT_TAGS;

/** The most a custom page's content may hold, in characters of HTML. */
export const MAX_RICH_TEXT_LENGTH = 100_000;
