/** A search text as part of a LIKE pattern: its wildcards escaped, its NUL characters dropped (Postgres text holds none; a query with one fails). */
export function escapeLike(s: string): string {
  return s.replaceAll("\u0000", "").replace(/[\\%_]/g, (c) => `\\${c}`);
}
