import { expect, it } from "vitest";
import { safeRedirectPath } from "./redirect";

it("keeps same-site paths and refuses anything that leaves the site", () => {
  expect(safeRedirectPath("/my-store?page=2")).toBe("/my-store?page=2");
  expect(safeRedirectPath("//evil.example")).toBe("/");
  expect(safeRedirectPath("/\\evil.example")).toBe("/");
  expect(safeRedirectPath("https://evil.example")).toBe("/");
  expect(safeRedirectPath(null, "/login")).toBe("/login");
});

it("reads the value as a browser would: tabs and line breaks cannot smuggle another site or a header", () => {
  expect(safeRedirectPath("/\t/evil.example/")).toBe("/");
  expect(safeRedirectPath("/%09/evil.example/")).toBe("/%09/evil.example/");
  expect(safeRedirectPath("/\n/evil.example")).toBe("/");
  expect(safeRedirectPath("/\\\\evil.example")).toBe("/");
  expect(safeRedirectPath("/my-store\r\nSet-Cookie: x=1")).not.toMatch(/[\r\n]/);
});

it("refuses a path that resolves to two leading slashes, which a browser reads as another site", () => {
  expect(safeRedirectPath("/./\\evil.example")).toBe("/");
  expect(safeRedirectPath("/x/..\\/evil.example")).toBe("/");
  expect(safeRedirectPath("/x/../\\evil.example")).toBe("/");
  expect(safeRedirectPath("/.//evil.example")).toBe("/");
  expect(safeRedirectPath("/./.\\/\\evil.example", "/login")).toBe("/login");
  expect(safeRedirectPath("/x/../my-store?page=2")).toBe("/my-store?page=2");
  expect(safeRedirectPath("/%2e/%5Cevil.example")).toBe("/%5Cevil.example");
});
