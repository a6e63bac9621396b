import { describe, expect, it } from "vitest";
import { deleteToken, DesignTokenError, flatten, getToken, listPaths, moveToken, setToken } from "./tree";
import type { TokenTree } from "./types";

const blue = { colorSpace: "srgb", components: [0.0588, 0.3843, 0.9961], hex: "#0f62fe" };
const ext = { "com.example": { keep: [1, { deep: true }] } };
const tree: TokenTree = {
  color: {
    $type: "color",
    $extensions: ext,
    blue: { "500": { $value: blue, $description: "Brand blue", $extensions: ext } },
    primary: { $value: "{color.blue.500}", $deprecated: "Use brand.primary" },
  },
  space: { sm: { $type: "dimension", $value: { value: 4, unit: "px" } } },
};

describe("flatten", () => {
  it("lists every token with its group's $type inherited and $-keys kept", () => {
    const flat = flatten({ name: "core", tokens: tree });
    expect(flat.map((t) => [t.path, t.type, t.set])).toEqual([
      ["color.blue.500", "color", "core"],
      ["color.primary", "color", "core"],
      ["space.sm", "dimension", "core"],
    ]);
    expect(flat[0]).toMatchObject({ value: blue, description: "Brand blue", extensions: ext });
    expect(flat[1]).toMatchObject({ value: "{color.blue.500}", deprecated: "Use brand.primary" });
  });

  it("gives an untyped alias its target's type and a token's own $type wins over its group's", () => {
    const flat = flatten({
      name: "s",
      tokens: {
        size: { $type: "dimension", n: { $type: "number", $value: 2 } },
        a: { $value: "{size.n}" },
      },
    });
    expect(flat.map((t) => t.type)).toEqual(["number", "number"]);
  });

  it("reads a group's $root token", () => {
    const flat = flatten({
      name: "s",
      tokens: { accent: { $type: "color", $root: { $value: blue }, light: { $value: blue } } },
    });
    expect(flat.map((t) => t.path)).toEqual(["accent.$root", "accent.light"]);
  });
});

describe("editing a tree", () => {
  it("reads a token by path and not a group", () => {
    expect(getToken(tree, "color.blue.500")?.$value).toBe(blue);
    expect(getToken(tree, "color.blue")).toBeUndefined();
    expect(getToken(tree, "nope.x")).toBeUndefined();
  });

  it("sets a token, creating groups, without touching the original or $extensions", () => {
    const next = setToken(tree, "color.red.500", { $value: blue });
    expect(getToken(next, "color.red.500")).toEqual({ $value: blue });
    expect(getToken(tree, "color.red.500")).toBeUndefined();
    expect((next.color as Record<string, unknown>).$extensions).toBe(ext);
    expect((next.color as Record<string, unknown>).blue).toBe((tree.color as Record<string, unknown>).blue);
  });

  it("refuses to write a token over a group or under a token, and bad names", () => {
    expect(() => setToken(tree, "color.blue", { $value: blue })).toThrow("color.blue is a group, not a token.");
    expect(() => setToken(tree, "color.primary.x", { $value: blue })).toThrow("color.primary is a token, not a group.");
    expect(() => setToken(tree, "color.$x", { $value: blue })).toThrow(DesignTokenError);
    expect(() => setToken(tree, "a..b", { $value: 1 })).toThrow(/may not be empty/);
  });

  it("deletes a token or a whole group and prunes groups left empty", () => {
    const a = deleteToken(tree, "color.blue.500");
    expect(listPaths(a).map((p) => p.path)).toEqual(["color", "color.primary", "space", "space.sm"]);
    const b = deleteToken(tree, "space");
    expect(b.space).toBeUndefined();
    const c = deleteToken(tree, "space.sm");
    expect(c.space).toBeUndefined();
    expect(() => deleteToken(tree, "nope")).toThrow("No token or group at nope.");
  });

  it("moves a token keeping the type its old group gave it, and refuses an existing target", () => {
    const moved = moveToken(tree, "color.blue.500", "brand.blue");
    expect(getToken(moved, "brand.blue")).toEqual({ $type: "color", $value: blue, $description: "Brand blue", $extensions: ext });
    expect(getToken(moved, "color.blue.500")).toBeUndefined();
    expect(flatten({ name: "s", tokens: moved }).find((t) => t.path === "brand.blue")?.type).toBe("color");
    expect(() => moveToken(tree, "color.blue.500", "color.primary")).toThrow("color.primary already exists.");
    expect(() => moveToken(tree, "color", "color.x")).toThrow("color cannot move into itself.");
  });

  it("moves a whole group", () => {
    const moved = moveToken(tree, "color.blue", "palette.blue");
    expect(getToken(moved, "palette.blue.500")?.$value).toBe(blue);
    expect((moved.palette as Record<string, Record<string, unknown>>).blue.$type).toBe("color");
  });
});
