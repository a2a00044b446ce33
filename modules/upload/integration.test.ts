import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { uploadFile } from "../../app/server/uploads.server";
import { uploads } from "../../backend/db/schema";
import { serveUpload } from "../../backend/serve-upload";
import { UPLOAD_ACTION } from "../../modules/upload/contract";
import { createStore, createStoreStaff } from "../../tests/helpers/factories";
import {
  clientOver,
  db,
  expectFailure,
  merchant,
  postRaw,
  signIn,
  TRANSPORT_NAMES,
  type TransportName,
} from "../../tests/integration/wire";

/** A 1×1 transparent PNG. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="),
  (char) => char.charCodeAt(0),
);
const TEXT = new TextEncoder().encode("<?php echo 'not an image';");
const MB = 1024 * 1024;

function dataUrl(mime: string, bytes: Uint8Array) {
  let binary = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return `data:${mime};base64,${btoa(binary)}`;
}

/** A file of `size` bytes that starts like a PNG. */
function bigPng(size: number) {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return bytes;
}

async function sha256Hex(bytes: Uint8Array<ArrayBuffer>) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function stagedKeys() {
  return (await env.UPLOADS.list({ prefix: "staging/" })).objects.map((object) => object.key);
}

describe.each(TRANSPORT_NAMES)("the upload action over the %s transport", (transport: TransportName) => {
  it("stores a PNG under its content hash and answers as the spec says", async () => {
    const { store, client } = await merchant(transport);
    const { data } = await client[UPLOAD_ACTION]({
      application_key: store.applicationKey,
      file_name: "",
      base64: dataUrl("image/png", PNG),
      file_type: "image",
      module: "product",
    });
    const key = `uploads/${store.applicationKey}/${await sha256Hex(PNG)}.png`;
    expect(data).toEqual([{ status: "file uploaded and optimized", filename: `/${key}` }]);

    const object = await env.UPLOADS.get(key);
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PNG);
    const rows = await db().select().from(uploads).where(eq(uploads.objectKey, key));
    expect(rows).toMatchObject([{ applicationKey: store.applicationKey, contentType: "image/png", size: PNG.length }]);

    const again = await client[UPLOAD_ACTION]({
      application_key: store.applicationKey,
      base64: dataUrl("image/png", PNG),
      file_type: "image",
      module: "product",
    });
    expect(again.data[0].filename).toBe(`/${key}`);
  });

  it("re-checks the type by magic bytes and the size, whatever the caller checked", async () => {
    const { store, client } = await merchant(transport);
    const upload = (base64: string, file_type: "image" | "imageWithPdf" = "image") =>
      client[UPLOAD_ACTION]({ application_key: store.applicationKey, base64, file_type, module: "product" });

    await expectFailure(upload(dataUrl("image/png", TEXT)), 400, "accept-types-only:png, jpeg, jpg");
    await expectFailure(upload(dataUrl("text/html", TEXT)), 400, "accept-types-only:png, jpeg, jpg");
    await expectFailure(
      upload(dataUrl("application/pdf", TEXT), "imageWithPdf"),
      400,
      "accept-types-only:png, jpeg, jpg, pdf",
    );
    await expectFailure(upload(dataUrl("image/png", bigPng(8 * MB + 1))), 400, "file-size-exceed:8");
    await expectFailure(upload("data:image/png;base64,"), 400, "invalid-file");
    await expectFailure(upload("not a data URL"), 400, "invalid-file");
    expect((await env.UPLOADS.list({ prefix: `uploads/${store.applicationKey}/` })).objects).toEqual([]);
  });

  it("refuses another store's application_key", async () => {
    const { client } = await merchant(transport);
    const other = await createStore(db());
    await expectFailure(
      client[UPLOAD_ACTION]({
        application_key: other.applicationKey,
        base64: dataUrl("image/png", PNG),
        file_type: "image",
        module: "product",
      }),
      403,
      "forbidden",
    );
  });

  it("asks for the write permission of the form's module: read-only staff and stores without it store nothing", async () => {
    const store = await createStore(db());
    const sales = await createStoreStaff(db(), store.applicationKey, { role: "sales" });
    const asSales = clientOver(transport, await signIn(transport, sales.email, sales.password));
    const enquiryOnly = await merchant(transport, {
      modules: ["enquiry"],
      cmsSideMenu: ["enquiry"],
      enquiryOnly: true,
    });
    const png = dataUrl("image/png", PNG);

    await expectFailure(
      asSales[UPLOAD_ACTION]({
        application_key: store.applicationKey,
        base64: png,
        file_type: "image",
        module: "product",
      }),
      403,
      "forbidden",
    );
    await expectFailure(
      enquiryOnly.client[UPLOAD_ACTION]({ ...enquiryOnly.key, base64: png, file_type: "image", module: "product" }),
      403,
      "module-not-in-plan",
    );
    const stored = await db().select().from(uploads);
    expect(
      stored.filter((row) => [store.applicationKey, enquiryOnly.key.application_key].includes(row.applicationKey)),
    ).toEqual([]);
  });

  it("checks, uploads and clears the staged copy from the BFF's upload function", async () => {
    const { store, client } = await merchant(transport);
    const target = { bucket: env.UPLOADS, client, applicationKey: store.applicationKey, module: "product" as const };
    const file = (bytes: Uint8Array<ArrayBuffer>, name: string) => new File([bytes], name, { type: "image/png" });

    const uploaded = await uploadFile(file(PNG, "logo.png"), { accept: "image" }, target);
    expect(uploaded).toEqual({ ok: true, url: `/uploads/${store.applicationKey}/${await sha256Hex(PNG)}.png` });
    expect(await uploadFile(file(PNG, "shell.php.png"), { accept: "image" }, target)).toEqual({
      ok: false,
      error: "invalid-file",
    });
    expect(await uploadFile(file(TEXT, "notes.png"), { accept: "image" }, target)).toEqual({
      ok: false,
      error: "accept-types-only:png, jpeg, jpg",
    });
    expect(await uploadFile(file(bigPng(MB + 1), "large.png"), { accept: "image", maxMb: 1 }, target)).toEqual({
      ok: false,
      error: "file-size-exceed:1",
    });
    expect(await uploadFile(file(new Uint8Array(), "empty.png"), { accept: "image" }, target)).toEqual({
      ok: false,
      error: "invalid-file",
    });
    expect(await stagedKeys()).toEqual([]);
  });
});

describe("the upload wire format", () => {
  it("takes multipart with the action's JSON and the spec's file_name, base64 and file_type fields", async () => {
    const store = await createStore(db());
    const token = await signIn("embedded", store.email, store.password);
    const body = new FormData();
    body.set(UPLOAD_ACTION, JSON.stringify({ application_key: store.applicationKey, module: "product" }));
    body.set("file_name", "");
    body.set("base64", dataUrl("image/png", PNG));
    body.set("file_type", "image");
    const response = await postRaw(body, { Authorization: `Bearer ${token}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      result: "success",
      data: [{ status: "file uploaded and optimized", filename: expect.stringMatching(/^\/uploads\/.+\.png$/) }],
    });
  });
});

describe("serving stored files", () => {
  const get = (path: string, headers: Record<string, string> = {}) =>
    serveUpload(new Request(`http://app.test${path}`, { headers }), env.UPLOADS);

  it("serves an upload with its type, nosniff and immutable caching, and answers conditional and range requests", async () => {
    await env.UPLOADS.put("uploads/shop/abc.png", PNG, { httpMetadata: { contentType: "image/png" } });
    const response = await get("/uploads/shop/abc.png");
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "image/png",
      "x-content-type-options": "nosniff",
      "cache-control": "public, max-age=31536000, immutable",
    });
    // Opened on its own, even an accepted file runs no script as a document of this origin.
    expect(response.headers.get("content-security-policy")).toMatch(/^sandbox; default-src 'none'/);
    expect(response.headers.has("content-disposition")).toBe(false);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG);

    const cached = await get("/uploads/shop/abc.png", { "If-None-Match": response.headers.get("etag")! });
    expect(cached.status).toBe(304);
    const part = await get("/uploads/shop/abc.png", { Range: "bytes=0-7" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-7/${PNG.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(PNG.slice(0, 8));
  });

  it("never serves SVG or HTML inline", async () => {
    await env.UPLOADS.put("uploads/shop/page.svg", "<svg onload='alert(1)'/>", {
      httpMetadata: { contentType: "image/svg+xml" },
    });
    await env.UPLOADS.put("uploads/shop/page.html", "<script>alert(1)</script>", {
      httpMetadata: { contentType: "text/html" },
    });
    for (const path of ["/uploads/shop/page.svg", "/uploads/shop/page.html"]) {
      const response = await get(path);
      expect(response.headers.get("content-disposition")).toBe("attachment");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      await response.arrayBuffer();
    }
  });

  it("answers 404 for missing files and anything outside uploads/", async () => {
    await env.UPLOADS.put("staging/secret", PNG);
    for (const path of ["/uploads/shop/missing.png", "/uploads/../staging/secret", "/uploads/%E0%A4%A", "/uploads/x"]) {
      expect((await get(path)).status).toBe(404);
    }
    expect(
      (await serveUpload(new Request("http://app.test/uploads/a/b", { method: "POST" }), env.UPLOADS)).status,
    ).toBe(405);
  });
});
