import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";

/**
 * Fractional-index order keys, from the `fractional-indexing` package (rocicorp's, the
 * scheme Figma described): a key between any two keys always exists, so moving a card
 * writes one row. Base-62 digits, an integer part whose first character says its length,
 * a fraction that never ends in "0". Keys compare by bytes: store them in a `COLLATE "C"`
 * column and sort by (key, id), so two equal keys from concurrent moves still give one order.
 */

/** A key strictly between a and b (null = the open end). Throws when a >= b: two equal keys need a re-spread. */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null && b !== null && a >= b) throw new Error(`order keys out of order: ${a} >= ${b}`);
  return generateKeyBetween(a, b);
}

/** n keys in order between a and b (for seeding or re-spreading a column). */
export function keysBetween(a: string | null, b: string | null, n: number): string[] {
  if (n <= 0) return [];
  if (a !== null && b !== null && a >= b) throw new Error(`order keys out of order: ${a} >= ${b}`);
  return generateNKeysBetween(a, b, n);
}

/** Whether `key` is a well-formed order key: base-62 digits only, and the package accepts it. */
export function isValidKey(key: string): boolean {
  if (!/^[0-9A-Za-z]+$/.test(key)) return false;
  try {
    generateKeyBetween(key, null);
    return true;
  } catch {
    return false;
  }
}

/** Byte-order comparison, the same order Postgres gives a COLLATE "C" column. */
export function compareKeys(a: { key: string; id: string }, b: { key: string; id: string }): number {
  if (a.key !== b.key) return a.key < b.key ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
