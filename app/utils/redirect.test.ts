import { expect, it } from "vitest";
import { safeRedirectPath } from "./redirect";

it("keeps same-site paths and refuses anything that leaves the site", () => {
  expect(safeRedirectPath("/my-store?page=2")).toBe("/my-store?page=2");
  expect(safeRedirectPath("//evil.example")).toBe("/");
  expect(safeRedirectPath("/\\evil.example")).toBe("/");
  expect(safeRedirectPath("https://evil.example")).toBe("/");
  expect(safeRedirectPath(null, "/login")).toBe("/login");
});
