/**
 * File upload rules (spec §5 "File upload"). Pure checks on the file name, size and first bytes,
 * shared by the upload form and the backend. Errors are validation keys from ./messages.
 */
import { withValue } from "./messages";

/** Accepted extensions per upload kind. */
export const UPLOAD_SETS = {
  image: ["png", "jpeg", "jpg"],
  video: ["mp4", "webm"],
  imageWithGif: ["png", "jpeg", "jpg", "gif"],
  imageWithPdf: ["png", "jpeg", "jpg", "pdf"],
} as const;
export type UploadSet = keyof typeof UPLOAD_SETS;

export const DEFAULT_MAX_UPLOAD_MB = 8;

export type FileType = "png" | "jpeg" | "gif" | "pdf" | "webm" | "mp4";

export const MIME_TYPES: Record<FileType, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  pdf: "application/pdf",
  webm: "video/webm",
  mp4: "video/mp4",
};

/** File type each accepted extension must carry in its bytes. */
const EXTENSION_TYPES: Record<string, FileType> = {
  png: "png",
  jpeg: "jpeg",
  jpg: "jpeg",
  gif: "gif",
  pdf: "pdf",
  webm: "webm",
  mp4: "mp4",
};

const startsWith = (bytes: Uint8Array, signature: readonly number[] | string, offset = 0) => {
  const expected = typeof signature === "string" ? Array.from(signature, (c) => c.charCodeAt(0)) : signature;
  return bytes.length >= offset + expected.length && expected.every((byte, i) => bytes[offset + i] === byte);
};

/** File type from the magic bytes at the start of a file, or undefined when unknown. */
export function detectFileType(bytes: Uint8Array): FileType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, "GIF87a") || startsWith(bytes, "GIF89a")) return "gif";
  if (startsWith(bytes, "%PDF-")) return "pdf";
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "webm";
  if (startsWith(bytes, "ftyp", 4)) return "mp4";
  return undefined;
}

export interface UploadInput {
  name: string;
  size: number;
  /** Browser-declared MIME type; untrusted, so the magic bytes decide instead. */
  type?: string;
  /** At least the first 16 bytes of the file (the whole file when it is shorter). */
  bytes: Uint8Array;
}

export type UploadResult = { ok: true; ext: string; mime: string } | { ok: false; error: string };

/** The extension of a plain `base.ext` name (lower-cased), or undefined for no, empty or double extensions. */
function singleExtension(name: string): string | undefined {
  const base = name.split(/[\\/]/).pop() ?? "";
  const parts = base.split(".");
  if (parts.length !== 2 || parts[0] === "" || parts[1] === "") return undefined;
  return parts[1].toLowerCase();
}

/**
 * Checks an upload against an accepted set, in order: missing/empty file or bad name
 * ("invalid-file"), extension or content not in the set ("accept-types-only:<list>"),
 * size over `maxMb` megabytes ("file-size-exceed:<maxMb>").
 */
export function checkUpload(
  file: UploadInput | null | undefined,
  { accept, maxMb = DEFAULT_MAX_UPLOAD_MB }: { accept: UploadSet; maxMb?: number },
): UploadResult {
  const invalid = { ok: false, error: "invalid-file" } as const;
  if (!file || typeof file.name !== "string" || !Number.isFinite(file.size) || file.size <= 0) return invalid;
  if (!ArrayBuffer.isView(file.bytes) || !(file.bytes.length > 0)) return invalid;

  const ext = singleExtension(file.name);
  if (ext === undefined) return invalid;

  const allowed: readonly string[] = UPLOAD_SETS[accept];
  const expected = EXTENSION_TYPES[ext];
  if (!allowed.includes(ext) || expected === undefined || detectFileType(file.bytes) !== expected) {
    return { ok: false, error: withValue("accept-types-only", allowed.join(", ")) };
  }

  if (file.size > maxMb * 1024 * 1024) return { ok: false, error: withValue("file-size-exceed", maxMb) };

  return { ok: true, ext, mime: MIME_TYPES[expected] };
}
