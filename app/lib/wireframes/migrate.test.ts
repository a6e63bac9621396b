import { describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "./document";
import { DocumentVersionError, liftTo, MIGRATIONS, migrateComponentDefinition, migrateDocument } from "./migrate";
import { defaultElement, newDocument } from "./elements";

describe("migrateDocument", () => {
  it("has a step from every earlier version to the current one", () => {
    for (let v = 1; v < SCHEMA_VERSION; v++) expect(MIGRATIONS[v], `step ${v}`).toBeTypeOf("function");
  });

  it("returns a current document unchanged and validated", () => {
    const doc = newDocument("tablet");
    expect(migrateDocument(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
  });

  it("refuses what it cannot lift or that is invalid", () => {
    expect(() => migrateDocument(null)).toThrow(DocumentVersionError);
    expect(() => migrateDocument({ screens: {}, elements: {} })).toThrow(/no valid schemaVersion/);
    expect(() => migrateDocument({ schemaVersion: SCHEMA_VERSION + 1, screens: {}, elements: {} })).toThrow(/newer than this app knows/);
    expect(() => migrateDocument({ schemaVersion: SCHEMA_VERSION, screens: {}, elements: { x: 1 } })).toThrow(
      /invalid after migration: elements\.x/,
    );
  });

  it("runs each step in order (the registry's machinery)", () => {
    const steps = {
      1: (d: Record<string, unknown>) => ({ ...d, schemaVersion: 2, renamed: d.old }),
      2: (d: Record<string, unknown>) => ({ ...d, schemaVersion: 3, old: undefined }),
    };
    const input = { schemaVersion: 1, old: "value" };
    expect(liftTo(input, 3, steps)).toEqual({ schemaVersion: 3, renamed: "value", old: undefined });
    expect(input).toEqual({ schemaVersion: 1, old: "value" });
    expect(liftTo({ schemaVersion: 2, old: "x" }, 3, steps)).toEqual({ schemaVersion: 3, old: undefined });
    expect(() => liftTo({ schemaVersion: 1 }, 4, steps)).toThrow(/No migration from schemaVersion 3/);
    expect(() => liftTo({ schemaVersion: 1 }, 2, { 1: (d) => d })).toThrow(/did not produce 2/);
  });

  it("lifts component definitions too", () => {
    const el = defaultElement("rectangle", { id: "r", screenId: "" });
    const def = { schemaVersion: SCHEMA_VERSION, width: 10, height: 10, elements: { r: el } };
    expect(migrateComponentDefinition(def)).toEqual(def);
  });
});
