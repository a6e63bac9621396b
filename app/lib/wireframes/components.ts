import type { ComponentDefinition, InstanceElement, Op, WireframeElement } from "./document";
import { defaultElement, newId } from "./elements";
import { treeOrder } from "./tree";

/**
 * Detaching instances of a main component: the instance becomes plain elements. The editor
 * may offer it; deleting a main component does it to every instance, so none ever breaks.
 * (Making a definition from a selection is the editor's: editor/components.ts.)
 */

/**
 * The ops that detach `instance`: it becomes a group (same id, place and name) of copies of
 * the definition's elements, scaled into its box, with its overrides applied.
 */
export function detachOps(instance: InstanceElement, definition: ComponentDefinition): Op[] {
  const sx = instance.width / definition.width;
  const sy = instance.height / definition.height;
  const ids = new Map<string, string>();
  for (const id of Object.keys(definition.elements)) ids.set(id, newId());
  const group = defaultElement("group", {
    id: instance.id,
    screenId: instance.screenId,
    parentId: instance.parentId,
    order: instance.order,
    name: instance.name,
    x: instance.x,
    y: instance.y,
    width: instance.width,
    height: instance.height,
    opacity: instance.opacity,
    locked: instance.locked,
    hidden: instance.hidden,
  });
  const ops: Op[] = [{ op: "add-element", element: group }];
  for (const el of treeOrder(definition.elements)) {
    const o = instance.overrides[el.id];
    let copy = {
      ...el,
      id: ids.get(el.id)!,
      screenId: instance.screenId,
      parentId: el.parentId !== null && ids.has(el.parentId) ? ids.get(el.parentId)! : instance.id,
      x: instance.x + el.x * sx,
      y: instance.y + el.y * sy,
      width: el.width * sx,
      height: el.height * sy,
    } as WireframeElement;
    if (copy.type === "line" || copy.type === "arrow") {
      const [a, b, c, d] = copy.points;
      const remap = (att: { elementId: string } | null) => (att && ids.has(att.elementId) ? { elementId: ids.get(att.elementId)! } : null);
      copy = { ...copy, points: [a * sx, b * sy, c * sx, d * sy], start: remap(copy.start), end: remap(copy.end) };
    }
    if (o?.hidden !== undefined) copy = { ...copy, hidden: o.hidden };
    if (o?.fill !== undefined) copy = { ...copy, fill: o.fill };
    if (o?.text !== undefined && (copy.type === "text" || copy.type === "ui")) copy = { ...copy, text: o.text };
    ops.push({ op: "add-element", element: copy });
  }
  return ops;
}

/** Every instance of `componentId` among `elements`. */
export function instancesOf(elements: Record<string, WireframeElement>, componentId: string): InstanceElement[] {
  return Object.values(elements).filter((e): e is InstanceElement => e.type === "instance" && e.componentId === componentId);
}

/**
 * A definition with its instances of `componentId` detached (a component that used the one
 * being deleted), or null when it has none.
 */
export function detachInDefinition(
  definition: ComponentDefinition,
  componentId: string,
  target: ComponentDefinition,
): ComponentDefinition | null {
  const found = instancesOf(definition.elements, componentId);
  if (found.length === 0) return null;
  const elements = { ...definition.elements };
  for (const inst of found) {
    for (const op of detachOps(inst, target)) if (op.op === "add-element") elements[op.element.id] = op.element;
  }
  return { ...definition, elements };
}
