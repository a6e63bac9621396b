/** The database of vitest worker N on Postgres: `<name>_w<N>` on the same server. */
export function workerDatabaseUrl(base: string, worker: string | number): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/^\//, "")}_w${worker}`;
  return url.toString();
}
