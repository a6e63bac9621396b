import { describe, expect, it } from "vitest";
import type { WireframeDocument, WireframeElement } from "../document";
import { applyOps, invertOps } from "../ops";
import { defaultElement, newDocument } from "../elements";
import { componentDefinitionSchema } from "../schema";
import { COMPONENT_SCREEN, componentFromSelection, definitionAsDocument, documentAsDefinition } from "./components";
import { setPropertyOps } from "./edits";

function setup() {
  const base = newDocument("desktop");
  const screenId = Object.keys(base.screens)[0]!;
  const els: WireframeElement[] = [
    defaultElement("rectangle", { id: "bg", screenId, order: "a0", x: 100, y: 200, width: 200, height: 80 }),
    defaultElement("text", { id: "label", screenId, order: "a1", x: 120, y: 220, width: 100, text: "Sign in" }),
    defaultElement("rectangle", { id: "other", screenId, order: "a2", x: 0, y: 0 }),
  ];
  return { doc: { ...base, elements: Object.fromEntries(els.map((e) => [e.id, e])) } as WireframeDocument, screenId };
}

describe("save as component", () => {
  it("makes a valid definition from the selection and puts an instance in its place", () => {
    const { doc } = setup();
    const made = componentFromSelection(doc, ["bg", "label"])!;
    expect(componentDefinitionSchema.safeParse(made.definition).success).toBe(true);
    expect(made.definition).toMatchObject({ width: 200, height: 80 });
    const els = Object.values(made.definition.elements);
    expect(els.map((e) => [e.type, e.x, e.y])).toEqual([
      ["rectangle", 0, 0],
      ["text", 20, 20],
    ]);
    expect(els.some((e) => e.id === "bg" || e.id === "label")).toBe(false);
    const componentId = "0b7c3f5e-4a8e-4f3b-9a52-2f7a5d1c9e10";
    const { ops, instanceId } = made.replace(componentId, "Sign-in button");
    const next = applyOps(doc, ops);
    expect(next.elements.bg).toBeUndefined();
    expect(next.elements[instanceId]).toMatchObject({
      type: "instance",
      componentId,
      x: 100,
      y: 200,
      width: 200,
      height: 80,
      name: "Sign-in button",
    });
    // above "other"? no: where the topmost selected element was (below "other")
    expect(next.elements[instanceId]!.order < next.elements.other!.order).toBe(true);
    // one undo brings the elements back
    expect(applyOps(next, invertOps(doc, ops))).toEqual(doc);
  });

  it("opens a definition as a document and back, with edits", () => {
    const { doc } = setup();
    const { definition } = componentFromSelection(doc, ["bg", "label"])!;
    const edit = definitionAsDocument(definition, "Button");
    expect(edit.screens[COMPONENT_SCREEN]).toMatchObject({ width: 200, height: 80 });
    const textId = Object.values(edit.elements).find((e) => e.type === "text")!.id;
    const changed = applyOps(edit, setPropertyOps(edit, [textId], "text", "Log in"));
    const back = documentAsDefinition(changed);
    expect(componentDefinitionSchema.safeParse(back).success).toBe(true);
    expect((back.elements[textId] as Extract<WireframeElement, { type: "text" }>).text).toBe("Log in");
    expect(documentAsDefinition(edit)).toEqual(definition);
  });
});
