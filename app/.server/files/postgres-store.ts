import { eq, inArray } from "drizzle-orm";
import { db, schema } from "../db";
import type { FileStore } from "./file-store";

const { fileBlobs } = schema;

/**
 * The embedded store: bytes in `file_blobs` (bytea), one row per key, in the app's own
 * database. A trigger on card_attachments deletes a blob in the same transaction as its
 * metadata, so delete() usually finds nothing left to do.
 */
export function createPostgresFileStore(): FileStore {
  return {
    name: "postgres",
    async put(key, bytes, contentType) {
      await db().insert(fileBlobs).values({ storageKey: key, contentType, sizeBytes: bytes.byteLength, bytes });
    },
    async get(key) {
      const [row] = await db().select({ bytes: fileBlobs.bytes }).from(fileBlobs).where(eq(fileBlobs.storageKey, key));
      return row?.bytes ?? null;
    },
    async delete(keys) {
      // Bounded batches: a deleted project may have thousands of files.
      for (let i = 0; i < keys.length; i += 500) {
        await db()
          .delete(fileBlobs)
          .where(inArray(fileBlobs.storageKey, keys.slice(i, i + 500)));
      }
    },
  };
}
