import type { FileStore } from "./file-store";
import { createPostgresFileStore } from "./postgres-store";

export type { FileStore } from "./file-store";

let override: FileStore | undefined;
let configured: FileStore | undefined;

/** The configured store (the interface: file-store.ts): the embedded Postgres one (the only one so far). */
export function fileStore(): FileStore {
  if (override) return override;
  configured ??= createPostgresFileStore();
  return configured;
}

/** Tests swap in a store (e.g. one that records its calls) and restore the configured one with undefined. */
export function setFileStoreForTests(store: FileStore | undefined) {
  override = store;
}
