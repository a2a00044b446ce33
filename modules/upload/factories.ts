import { sha256Hex } from "../../backend/crypto";
import type { Db } from "../../backend/db/client";
import { uploads } from "../../backend/db/schema";
import { unique } from "../../tests/helpers/factories";

/** An image stored for the store (its upload row; the file itself is not needed to save a form with it). */
export async function createUploadedImage(db: Db, applicationKey: string) {
  const objectKey = `uploads/${applicationKey}/${await sha256Hex(unique())}.png`;
  await db.insert(uploads).values({ applicationKey, objectKey, contentType: "image/png", size: 68 });
  return `/${objectKey}`;
}
