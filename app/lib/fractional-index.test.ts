import { describe, expect, it } from "vitest";
import { compareKeys, isValidKey, keyBetween, keysBetween } from "./fractional-index";

describe("keyBetween", () => {
  it("starts at a0 and moves outwards", () => {
    expect(keyBetween(null, null)).toBe("a0");
    expect(keyBetween("a0", null)).toBe("a1");
    expect(keyBetween(null, "a0")).toBe("Zz");
    expect(keyBetween("a0", "a1")).toBe("a0V");
  });

  it("refuses keys out of order", () => {
    expect(() => keyBetween("a1", "a0")).toThrow();
    expect(() => keyBetween("a0", "a0")).toThrow();
  });

  it("never collides after 10,000 inserts between the same neighbours", () => {
    const lo = "a0";
    const hi = "a1";
    const seen = new Set<string>();
    let upper = hi;
    // Each new card goes right after `lo`, i.e. between lo and the card placed before.
    for (let i = 0; i < 10_000; i++) {
      const k = keyBetween(lo, upper);
      expect(k > lo && k < upper).toBe(true);
      expect(seen.has(k)).toBe(false);
      seen.add(k);
      upper = k;
    }
    expect(seen.size).toBe(10_000);
  });

  it("keeps a total order under random moves", () => {
    // A deterministic pseudo-random sequence so a failure is reproducible.
    let seed = 42;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const items = keysBetween(null, null, 50).map((key, i) => ({ id: `c${String(i).padStart(3, "0")}`, key }));
    for (let step = 0; step < 5_000; step++) {
      items.sort(compareKeys);
      const from = Math.floor(rand() * items.length);
      const [moved] = items.splice(from, 1);
      const to = Math.floor(rand() * (items.length + 1));
      const before = items[to - 1]?.key ?? null;
      const after = items[to]?.key ?? null;
      moved!.key = keyBetween(before, after);
      items.splice(to, 0, moved!);
      // The intended position is exactly where sorting puts it.
      const sorted = [...items].sort(compareKeys);
      expect(sorted.map((x) => x.id)).toEqual(items.map((x) => x.id));
    }
    expect(new Set(items.map((x) => x.key)).size).toBe(items.length);
    for (const x of items) expect(isValidKey(x.key)).toBe(true);
  });
});

describe("keysBetween", () => {
  it("spreads n ordered keys", () => {
    const ks = keysBetween("a0", "a1", 20);
    expect(ks).toHaveLength(20);
    for (let i = 1; i < ks.length; i++) expect(ks[i - 1]! < ks[i]!).toBe(true);
    expect(ks[0]! > "a0" && ks[19]! < "a1").toBe(true);
  });
});
