/**
 * File bytes behind one small interface (docs/decisions/010-file-storage.md). Callers
 * (attachments.ts) see only this; metadata, usage and permissions live in Postgres
 * whatever the store is. The embedded default keeps the bytes in a Postgres table, so
 * it works on PGlite and on Postgres and the app processes stay stateless. A hosted
 * store (Supabase Storage, S3) is one more implementation, chosen in store.ts from the
 * environment (e.g. a FILE_STORAGE_URL in app/.server/env.ts) like mail and payments.
 */
export interface FileStore {
  readonly name: string;
  /** Stores the bytes under a new, unique key. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes what is stored under the keys; keys with nothing stored are ignored. */
  delete(keys: string[]): Promise<void>;
}
