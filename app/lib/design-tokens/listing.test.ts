import { describe, expect, it } from "vitest";
import { listTokens } from "./listing";
import type { TokenSet } from "./types";

const px = (value: number) => ({ $value: { value: value, unit: "px" } });
const sets: TokenSet[] = [
  {
    name: "core",
    tokens: {
      space: { $type: "dimension", ...Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`s${i}`, px(i)])) },
      radius: { $type: "dimension", small: px(2), large: { ...px(8), $description: "Cards and dialogs" } },
    },
  },
  { name: "light", tokens: { color: { $type: "color", link: { $value: "{color.blue}" } } } },
  { name: "empty", tokens: {} },
];

describe("listTokens", () => {
  it("cuts the list into pages, set by set, and counts groups and sets", () => {
    const first = listTokens(sets, { pageSize: 10 });
    expect(first.total).toBe(28);
    expect(first.pages).toBe(3);
    expect(first.rows.map((t) => t.path)).toEqual(Array.from({ length: 10 }, (_, i) => `space.s${i}`));
    expect(first.groups).toEqual([
      { id: "core/space", set: "core", name: "space", count: 25 },
      { id: "core/radius", set: "core", name: "radius", count: 2 },
      { id: "light/color", set: "light", name: "color", count: 1 },
    ]);
    expect(first.setCounts).toEqual({ core: 27, light: 1, empty: 0 });
    const last = listTokens(sets, { pageSize: 10, page: "3" });
    expect(last.rows.map((t) => `${t.set}:${t.path}`)).toEqual([
      ...Array.from({ length: 5 }, (_, i) => `core:space.s${20 + i}`),
      "core:radius.small",
      "core:radius.large",
      "light:color.link",
    ]);
    // A page past the end, or nonsense, shows the last or the first.
    expect(listTokens(sets, { pageSize: 10, page: "99" }).page).toBe(3);
    expect(listTokens(sets, { pageSize: 10, page: "x" }).page).toBe(1);
  });

  it("filters by group and by text (path, type or description)", () => {
    const radius = listTokens(sets, { group: "core/radius" });
    expect(radius.rows.map((t) => t.path)).toEqual(["radius.small", "radius.large"]);
    expect(radius.group).toBe("core/radius");
    expect(listTokens(sets, { q: "LINK" }).rows.map((t) => t.path)).toEqual(["color.link"]);
    expect(listTokens(sets, { q: "dialogs" }).rows.map((t) => t.path)).toEqual(["radius.large"]);
    expect(listTokens(sets, { q: "color" }).matching).toBe(1);
    const none = listTokens(sets, { q: "nothing like it" });
    expect([none.matching, none.pages, none.rows.length]).toEqual([0, 1, 0]);
    // An unknown group is ignored.
    expect(listTokens(sets, { group: "core/nope" }).group).toBe("");
  });

  it("shows the page of the focused token, dropping a filter that hides it", () => {
    const onPage = listTokens(sets, { pageSize: 10, focus: "core:space.s23" });
    expect([onPage.page, onPage.focus]).toEqual([3, "core:space.s23"]);
    const hidden = listTokens(sets, { pageSize: 10, q: "radius", focus: "light:color.link" });
    expect([hidden.q, hidden.group, hidden.page, hidden.focus]).toEqual(["", "", 3, "light:color.link"]);
    const kept = listTokens(sets, { q: "radius", focus: "core:radius.large" });
    expect([kept.q, kept.rows.length]).toEqual(["radius", 2]);
    expect(listTokens(sets, { focus: "core:gone" }).focus).toBeNull();
  });
});
