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

describe("keys stored before the package took over", () => {
  // Written by the hand-written index this module replaced: a new project's columns,
  // keys before, between and after others, long runs at either end and in one gap.
  const stored = ["a0", "a1", "a2", "a3", "a4", "Zz", "a0V", "a0G", "a000001", "b08", "ZW", "a08", "a0O", "a0d", "a0l", "a0t"];

  it("are valid keys to the package, and a key fits between any two of them", () => {
    for (const key of stored) expect(isValidKey(key)).toBe(true);
    const sorted = [...new Set(stored)].sort();
    for (let i = 0; i < sorted.length; i++) {
      const lo = sorted[i - 1] ?? null;
      const hi = sorted[i]!;
      const k = keyBetween(lo, hi);
      expect(lo === null || k > lo).toBe(true);
      expect(k < hi).toBe(true);
    }
    expect(keyBetween(sorted.at(-1)!, null) > sorted.at(-1)!).toBe(true);
  });

  it("come out of the package the same way for the same neighbours (one scheme)", () => {
    expect(keysBetween(null, null, 5)).toEqual(["a0", "a1", "a2", "a3", "a4"]);
    expect(keyBetween(null, "a0")).toBe("Zz");
    expect(keyBetween("a0", "a0V")).toBe("a0G");
    expect(keysBetween("a0", "a1", 7)).toEqual(["a08", "a0G", "a0O", "a0V", "a0d", "a0l", "a0t"]);
  });

  it("refuses what is not a key", () => {
    for (const bad of ["", "a", "a00", "A00000000000000000000000000", "a0 ", "ä0"]) expect(isValidKey(bad)).toBe(false);
  });
});
