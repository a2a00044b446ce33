import type { MetaFunction } from "@remix-run/cloudflare";

/** Page title as the spec wants it: the translated route title followed by " - CMS". */
export const titleMeta: MetaFunction = ({ data }) => [
  { title: `${(data as { title?: string } | undefined)?.title ?? "CMS"} - CMS` },
];
