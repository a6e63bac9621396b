import { describe, expect, it } from "vitest";
import { SCHEMA_VERSION, type ComponentDefinition, type WireframeElement } from "../document";
import { defaultElement } from "../elements";
import { mergeDefinitions } from "./merge";

const base: ComponentDefinition = {
  schemaVersion: SCHEMA_VERSION,
  width: 200,
  height: 40,
  elements: {
    bg: defaultElement("rectangle", { id: "bg", screenId: "", name: "Background", width: 200, height: 40, fill: "#eeeeee" }),
    label: defaultElement("text", { id: "label", screenId: "", name: "Label", x: 8, y: 8, width: 184, text: "Main" }),
  },
};

const withElement = (d: ComponentDefinition, id: string, change: Partial<WireframeElement>): ComponentDefinition => ({
  ...d,
  elements: { ...d.elements, [id]: { ...d.elements[id]!, ...change } as WireframeElement },
});

describe("mergeDefinitions", () => {
  it("keeps both sides' changes to different elements and properties", () => {
    const mine = withElement(base, "bg", { fill: "#ff0000" });
    const theirs = withElement(withElement(base, "label", { text: "Buy now" }), "bg", { x: 4 });
    const { definition, conflicts } = mergeDefinitions(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(definition.elements.bg).toMatchObject({ fill: "#ff0000", x: 4 });
    expect(definition.elements.label).toMatchObject({ text: "Buy now" });
  });

  it("keeps elements either side added and drops those either side removed untouched", () => {
    const added = defaultElement("ellipse", { id: "dot", screenId: "", name: "Dot" });
    const mine = { ...base, elements: { ...base.elements, dot: added } };
    const { label: _removed, ...withoutLabel } = base.elements;
    const theirs = { ...base, width: 240, elements: withoutLabel };
    const { definition, conflicts } = mergeDefinitions(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(Object.keys(definition.elements).sort()).toEqual(["bg", "dot"]);
    expect(definition.width).toBe(240);
  });

  it("names a property both changed differently, keeping mine and carrying theirs", () => {
    const mine = withElement(base, "label", { text: "Mine" });
    const theirs = withElement(base, "label", { text: "Theirs" });
    const { definition, conflicts } = mergeDefinitions(base, mine, theirs);
    expect(definition.elements.label).toMatchObject({ text: "Mine" });
    expect(conflicts).toEqual([{ elementId: "label", label: "Label", key: "text", theirs: "Theirs" }]);
    // The same change on both sides is no conflict.
    expect(mergeDefinitions(base, mine, mine).conflicts).toEqual([]);
  });

  it("an element removed on one side and changed on the other is a conflict", () => {
    const { label: _gone, ...rest } = base.elements;
    const removed = { ...base, elements: rest };
    const changed = withElement(base, "label", { text: "Changed" });
    const iRemoved = mergeDefinitions(base, removed, changed);
    expect(iRemoved.definition.elements.label).toBeUndefined();
    expect(iRemoved.conflicts).toMatchObject([{ elementId: "label", key: "removed", theirs: { text: "Changed" } }]);
    const theyRemoved = mergeDefinitions(base, changed, removed);
    expect(theyRemoved.definition.elements.label).toMatchObject({ text: "Changed" });
    expect(theyRemoved.conflicts).toMatchObject([{ elementId: "label", key: "removed", theirs: null }]);
  });
});
