/** Only same-site paths, so a crafted form cannot bounce a user to another site. */
export function safeRedirectPath(value: FormDataEntryValue | null, fallback = "/"): string {
  const path = typeof value === "string" ? value : "";
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : fallback;
}
