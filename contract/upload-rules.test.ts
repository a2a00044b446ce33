import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_UPLOAD_MB, UPLOAD_SETS, checkUpload, detectFileType } from "./upload-rules";

const MB = 1024 * 1024;

/** First 16 bytes of a file that starts with `head` (bytes or ASCII text). */
function header(head: number[] | string, offset = 0) {
  const bytes = new Uint8Array(16);
  const values = typeof head === "string" ? Array.from(head, (c) => c.charCodeAt(0)) : head;
  bytes.set(values, offset);
  return bytes;
}

const PNG = header([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = header([0xff, 0xd8, 0xff, 0xe0]);
const GIF = header("GIF89a");
const GIF87 = header("GIF87a");
const PDF = header("%PDF-1.7");
const WEBM = header([0x1a, 0x45, 0xdf, 0xa3]);
const MP4 = header("ftypisom", 4);
const TEXT = header("<?php echo 1;");

const file = (name: string, bytes: Uint8Array, size = 1000, type = "") => ({ name, size, type, bytes });

describe("detectFileType", () => {
  it.each([
    [PNG, "png"],
    [JPEG, "jpeg"],
    [GIF, "gif"],
    [GIF87, "gif"],
    [PDF, "pdf"],
    [WEBM, "webm"],
    [MP4, "mp4"],
  ] as const)("recognises %#", (bytes, type) => {
    expect(detectFileType(bytes)).toBe(type);
  });
  it("returns undefined for unknown or too short content", () => {
    expect(detectFileType(TEXT)).toBeUndefined();
    expect(detectFileType(new Uint8Array([0x89, 0x50]))).toBeUndefined();
    expect(detectFileType(new Uint8Array(0))).toBeUndefined();
    expect(detectFileType(header("GIF88a"))).toBeUndefined();
  });
});

describe("checkUpload", () => {
  it("exposes the accepted sets and the default limit", () => {
    expect(UPLOAD_SETS.image).toEqual(["png", "jpeg", "jpg"]);
    expect(UPLOAD_SETS.video).toEqual(["mp4", "webm"]);
    expect(DEFAULT_MAX_UPLOAD_MB).toBe(8);
  });

  it("accepts files whose extension and content agree", () => {
    expect(checkUpload(file("logo.png", PNG), { accept: "image" })).toEqual({
      ok: true,
      ext: "png",
      mime: "image/png",
    });
    expect(checkUpload(file("photo.JPG", JPEG), { accept: "image" })).toEqual({
      ok: true,
      ext: "jpg",
      mime: "image/jpeg",
    });
    expect(checkUpload(file("photo.jpeg", JPEG), { accept: "imageWithPdf" })).toEqual({
      ok: true,
      ext: "jpeg",
      mime: "image/jpeg",
    });
    expect(checkUpload(file("banner.gif", GIF), { accept: "imageWithGif" })).toEqual({
      ok: true,
      ext: "gif",
      mime: "image/gif",
    });
    expect(checkUpload(file("menu.pdf", PDF), { accept: "imageWithPdf" })).toEqual({
      ok: true,
      ext: "pdf",
      mime: "application/pdf",
    });
    expect(checkUpload(file("clip.mp4", MP4), { accept: "video" })).toEqual({
      ok: true,
      ext: "mp4",
      mime: "video/mp4",
    });
    expect(checkUpload(file("clip.webm", WEBM), { accept: "video" })).toEqual({
      ok: true,
      ext: "webm",
      mime: "video/webm",
    });
  });

  describe("invalid-file", () => {
    it.each([
      ["missing file", undefined],
      ["null file", null],
      ["empty file", file("logo.png", PNG, 0)],
      ["no bytes", file("logo.png", new Uint8Array(0))],
      ["bytes not readable", { name: "logo.png", size: 10, type: "", bytes: "not bytes" as unknown as Uint8Array }],
      ["double extension", file("shell.php.png", PNG)],
      ["repeated extension", file("a.png.png", PNG)],
      ["leading dot", file(".png", PNG)],
      ["no extension", file("logo", PNG)],
      ["trailing dot", file("logo.", PNG)],
    ])("%s", (_label, input) => {
      expect(checkUpload(input, { accept: "image" })).toEqual({ ok: false, error: "invalid-file" });
    });
  });

  describe("accept-types-only", () => {
    it("rejects extensions outside the set, listing the set", () => {
      expect(checkUpload(file("anim.gif", GIF), { accept: "image" })).toEqual({
        ok: false,
        error: "accept-types-only:png, jpeg, jpg",
      });
      expect(checkUpload(file("menu.pdf", PDF), { accept: "imageWithGif" })).toEqual({
        ok: false,
        error: "accept-types-only:png, jpeg, jpg, gif",
      });
      expect(checkUpload(file("clip.mov", MP4), { accept: "video" })).toEqual({
        ok: false,
        error: "accept-types-only:mp4, webm",
      });
    });
    it("rejects content that does not match the extension", () => {
      expect(checkUpload(file("shell.png", TEXT, 1000, "image/png"), { accept: "image" })).toEqual({
        ok: false,
        error: "accept-types-only:png, jpeg, jpg",
      });
      expect(checkUpload(file("logo.jpg", PNG), { accept: "image" })).toEqual({
        ok: false,
        error: "accept-types-only:png, jpeg, jpg",
      });
      expect(checkUpload(file("clip.mp4", WEBM), { accept: "video" })).toEqual({
        ok: false,
        error: "accept-types-only:mp4, webm",
      });
      expect(checkUpload(file("doc.pdf", PNG), { accept: "imageWithPdf" })).toEqual({
        ok: false,
        error: "accept-types-only:png, jpeg, jpg, pdf",
      });
    });
  });

  describe("file-size-exceed", () => {
    it("allows up to 8 MB by default", () => {
      expect(checkUpload(file("logo.png", PNG, 8 * MB), { accept: "image" }).ok).toBe(true);
      expect(checkUpload(file("logo.png", PNG, 8 * MB + 1), { accept: "image" })).toEqual({
        ok: false,
        error: "file-size-exceed:8",
      });
    });
    it("uses a custom limit", () => {
      expect(checkUpload(file("clip.mp4", MP4, 50 * MB), { accept: "video", maxMb: 50 }).ok).toBe(true);
      expect(checkUpload(file("clip.mp4", MP4, 20 * MB), { accept: "video", maxMb: 10 })).toEqual({
        ok: false,
        error: "file-size-exceed:10",
      });
    });
  });
});
