import type { MetaFunction } from "@remix-run/cloudflare";

/**
 * Page title as the spec wants it: the translated route title followed by " - CMS". A page that
 * failed has no title data, and its error page names itself.
 */
export const titleMeta: MetaFunction = ({ data }) => {
  const title = (data as { title?: string } | undefined)?.title;
  return title ? [{ title: `${title} - CMS` }] : [];
};
