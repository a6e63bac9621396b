import type { Flow, Interaction, Op, Screen, WireframeDocument, WireframeElement } from "./document";
import { actionTarget, ELEMENT_KEYS, FLOW_KEYS, INTERACTION_KEYS, SCREEN_KEYS, triggerProblem } from "./schema";
import { descendantsOf, treeOrder } from "./tree";

/**
 * Applying and inverting patches (decision 013). Pure: the input document is never
 * changed; the result shares every untouched element and screen with it, so applying a
 * one-element patch to a 1,000-element document copies two maps, not 1,000 objects.
 * The ops are assumed to have passed `opSchema` (schema.ts); what the schema cannot see
 * (references to other elements and screens) is checked here.
 */

/** An op names something that is not there, or would break the tree. `index` is the op's place in the patch. */
export class OpError extends Error {
  constructor(
    public index: number,
    public op: Op,
    message: string,
  ) {
    super(`ops.${index} (${op.op}${"id" in op ? ` ${op.id}` : ""}): ${message}`);
    this.name = "OpError";
  }
}

// ---------------------------------------------------------------------------------------
// Applying ops

/** The working copy of one patch: maps copied once, on first write. */
class Draft {
  screens: Record<string, Screen>;
  elements: Record<string, WireframeElement>;
  interactions: Record<string, Interaction>;
  flows: Record<string, Flow>;
  private copiedScreens = false;
  private copiedElements = false;
  private copiedPrototype = false;
  constructor(public base: WireframeDocument) {
    this.screens = base.screens;
    this.elements = base.elements;
    this.interactions = base.interactions ?? {};
    this.flows = base.flows ?? {};
  }
  /** The interactions and flows maps, copied once. */
  writePrototype() {
    if (!this.copiedPrototype) {
      this.interactions = { ...this.interactions };
      this.flows = { ...this.flows };
      this.copiedPrototype = true;
    }
    return this;
  }
  writeScreens() {
    if (!this.copiedScreens) {
      this.screens = { ...this.screens };
      this.copiedScreens = true;
    }
    return this.screens;
  }
  writeElements() {
    if (!this.copiedElements) {
      this.elements = { ...this.elements };
      this.copiedElements = true;
    }
    return this.elements;
  }
  done(): WireframeDocument {
    if (!this.copiedScreens && !this.copiedElements && !this.copiedPrototype) return this.base;
    const doc = { ...this.base, screens: this.screens, elements: this.elements };
    return this.copiedPrototype ? { ...doc, interactions: this.interactions, flows: this.flows } : doc;
  }
}

/** Why `op` cannot apply to the draft, or null. */
function problem(d: Draft, op: Op): string | null {
  switch (op.op) {
    case "add-element": {
      const el = op.element;
      if (!d.screens[el.screenId]) return `no screen "${el.screenId}"`;
      const old = d.elements[el.id];
      if (old?.type === "group" && el.type !== "group" && hasChildren(d.elements, el.id))
        return "a group with children cannot become another type";
      return parentProblem(d.elements, el.id, el.parentId);
    }
    case "set-element": {
      const el = d.elements[op.id];
      if (!el) return "no such element";
      if (!(ELEMENT_KEYS[el.type] as readonly string[]).includes(op.key)) return `a ${el.type} has no "${op.key}"`;
      if (op.key === "parentId") return parentProblem(d.elements, el.id, op.value as string | null);
      if (op.key === "screenId" && !d.screens[op.value as string]) return `no screen "${String(op.value)}"`;
      return null;
    }
    case "remove-element":
      return d.elements[op.id] ? null : "no such element";
    case "add-screen":
      return null;
    case "set-screen":
      if (!d.screens[op.id]) return "no such screen";
      return (SCREEN_KEYS as string[]).includes(op.key) ? null : `a screen has no "${op.key}"`;
    case "remove-screen":
      return d.screens[op.id] ? null : "no such screen";
    case "add-interaction":
      return interactionProblem(d, op.interaction.source, op.interaction.trigger, op.interaction.action);
    case "set-interaction": {
      const it = d.interactions[op.id];
      if (!it) return "no such interaction";
      if (!(INTERACTION_KEYS as string[]).includes(op.key)) return `an interaction has no "${op.key}"`;
      if (op.key === "trigger") return interactionProblem(d, it.source, op.value as Interaction["trigger"], it.action);
      if (op.key === "action") return interactionProblem(d, it.source, it.trigger, op.value as Interaction["action"]);
      return null;
    }
    case "remove-interaction":
      return d.interactions[op.id] ? null : "no such interaction";
    case "add-flow":
      return d.screens[op.flow.startScreenId] ? null : `no screen "${op.flow.startScreenId}"`;
    case "set-flow":
      if (!d.flows[op.id]) return "no such flow";
      if (!(FLOW_KEYS as string[]).includes(op.key)) return `a flow has no "${op.key}"`;
      return op.key === "startScreenId" && !d.screens[op.value as string] ? `no screen "${String(op.value)}"` : null;
    case "remove-flow":
      if (!d.flows[op.id]) return "no such flow";
      return Object.keys(d.flows).length > 1 ? null : "a wireframe keeps at least one flow";
  }
}

function interactionProblem(
  d: Draft,
  source: Interaction["source"],
  trigger: Interaction["trigger"],
  action: Interaction["action"],
): string | null {
  if ("elementId" in source && !d.elements[source.elementId]) return `no element "${source.elementId}"`;
  if ("screenId" in source && !d.screens[source.screenId]) return `no screen "${source.screenId}"`;
  const target = actionTarget(action);
  if (target !== null && !d.screens[target]) return `no screen "${target}"`;
  return triggerProblem(source, trigger);
}

/** The interactions that go with elements `removed` (by id) and, if given, with screen `screenId` (on it or aiming at it). */
function interactionsGoing(d: Draft, removed: Set<string>, screenId: string | null): Interaction[] {
  const out: Interaction[] = [];
  for (const it of Object.values(d.interactions)) {
    if ("elementId" in it.source ? removed.has(it.source.elementId) : it.source.screenId === screenId) out.push(it);
    else if (screenId !== null && actionTarget(it.action) === screenId) out.push(it);
  }
  return out;
}

/** The first screen by order other than `except`, or null. */
function firstScreenExcept(screens: Record<string, Screen>, except: string): Screen | null {
  let best: Screen | null = null;
  for (const sc of Object.values(screens)) {
    if (sc.id === except) continue;
    if (!best || sc.order < best.order || (sc.order === best.order && sc.id < best.id)) best = sc;
  }
  return best;
}

function hasChildren(elements: Record<string, WireframeElement>, id: string): boolean {
  for (const e of Object.values(elements)) if (e.parentId === id) return true;
  return false;
}

function parentProblem(elements: Record<string, WireframeElement>, id: string, parentId: string | null): string | null {
  if (parentId === null) return null;
  const parent = elements[parentId];
  if (!parent) return `no parent "${parentId}"`;
  if (parent.type !== "group") return "the parent is not a group";
  for (let p: WireframeElement | undefined = parent; p; p = p.parentId ? elements[p.parentId] : undefined) {
    if (p.id === id) return "a group cannot contain itself";
  }
  return null;
}

function applyOne(d: Draft, op: Op) {
  switch (op.op) {
    case "add-element":
      d.writeElements()[op.element.id] = op.element;
      return;
    case "set-element": {
      const els = d.writeElements();
      els[op.id] = { ...els[op.id]!, [op.key]: op.value } as WireframeElement;
      return;
    }
    case "remove-element": {
      const removed = new Set([op.id, ...descendantsOf(d, op.id).map((e) => e.id)]);
      const going = interactionsGoing(d, removed, null);
      if (going.length) for (const it of going) delete d.writePrototype().interactions[it.id];
      const els = d.writeElements();
      for (const id of removed) delete els[id];
      return;
    }
    case "add-screen":
      d.writeScreens()[op.screen.id] = op.screen;
      return;
    case "set-screen": {
      const screens = d.writeScreens();
      screens[op.id] = { ...screens[op.id]!, [op.key]: op.value } as Screen;
      return;
    }
    case "remove-screen": {
      const removed = new Set(Object.values(d.elements).flatMap((e) => (e.screenId === op.id ? [e.id] : [])));
      const going = interactionsGoing(d, removed, op.id);
      const flows = Object.values(d.flows).filter((f) => f.startScreenId === op.id);
      if (going.length || flows.length) {
        const p = d.writePrototype();
        for (const it of going) delete p.interactions[it.id];
        const next = firstScreenExcept(d.screens, op.id);
        for (const f of flows) {
          if (next) p.flows[f.id] = { ...f, startScreenId: next.id };
          else delete p.flows[f.id];
        }
      }
      delete d.writeScreens()[op.id];
      const els = d.writeElements();
      for (const id of removed) delete els[id];
      return;
    }
    case "add-interaction":
      d.writePrototype().interactions[op.interaction.id] = op.interaction;
      return;
    case "set-interaction": {
      const p = d.writePrototype();
      p.interactions[op.id] = { ...p.interactions[op.id]!, [op.key]: op.value } as Interaction;
      return;
    }
    case "remove-interaction":
      delete d.writePrototype().interactions[op.id];
      return;
    case "add-flow":
      d.writePrototype().flows[op.flow.id] = op.flow;
      return;
    case "set-flow": {
      const p = d.writePrototype();
      p.flows[op.id] = { ...p.flows[op.id]!, [op.key]: op.value } as Flow;
      return;
    }
    case "remove-flow":
      delete d.writePrototype().flows[op.id];
      return;
  }
}

/**
 * Ops that leave an element on another screen than its group (a group moved to another
 * screen without its children, or a child added to a group a teammate just moved) are
 * repaired: the element follows its group's screen.
 */
function screenRepairs(d: Draft, touched: Set<string>): Op[] {
  const repairs: Op[] = [];
  if (touched.size === 0) return repairs;
  const check = (el: WireframeElement) => {
    if (el.parentId === null) return;
    const parent = d.elements[el.parentId];
    if (parent && parent.screenId !== el.screenId) repairs.push({ op: "set-element", id: el.id, key: "screenId", value: parent.screenId });
  };
  for (const e of Object.values(d.elements)) if (touched.has(e.id) || (e.parentId !== null && touched.has(e.parentId))) check(e);
  for (const op of repairs) applyOne(d, op);
  // A repair can itself move a group: repeat for its children.
  if (repairs.length) repairs.push(...screenRepairs(d, new Set(repairs.map((r) => (r as { id: string }).id))));
  return repairs;
}

function touchedIds(op: Op): string | null {
  if (op.op === "add-element") return op.element.id;
  if (op.op === "set-element" && (op.key === "parentId" || op.key === "screenId")) return op.id;
  return null;
}

/**
 * Applies `ops` in order and returns the new document. Throws OpError for an op that names
 * an element or screen that is not there (or would nest a group in itself). Children left
 * on another screen than their group follow the group.
 */
export function applyOps(doc: WireframeDocument, ops: readonly Op[]): WireframeDocument {
  const d = new Draft(doc);
  const touched = new Set<string>();
  ops.forEach((op, i) => {
    const why = problem(d, op);
    if (why) throw new OpError(i, op, why);
    applyOne(d, op);
    const t = touchedIds(op);
    if (t) touched.add(t);
  });
  screenRepairs(d, touched);
  return d.done();
}

/**
 * The server's way (decision 013): ops naming something a teammate's earlier patch removed
 * are skipped instead of refusing the whole patch. Returns the document and the ops that
 * were applied (repairs included), which is what the op log stores and everyone replays.
 */
export function applyOpsSkipping(doc: WireframeDocument, ops: readonly Op[]): { doc: WireframeDocument; applied: Op[]; skipped: number } {
  const d = new Draft(doc);
  const touched = new Set<string>();
  const applied: Op[] = [];
  let skipped = 0;
  for (const op of ops) {
    if (problem(d, op)) {
      skipped++;
      continue;
    }
    applyOne(d, op);
    applied.push(op);
    const t = touchedIds(op);
    if (t) touched.add(t);
  }
  applied.push(...screenRepairs(d, touched));
  return { doc: d.done(), applied, skipped };
}

/**
 * The ops that undo `ops`: applied to `applyOps(doc, ops)` they give back `doc`. Computed
 * against the document each op met, so a removed group comes back with all its descendants.
 */
export function invertOps(doc: WireframeDocument, ops: readonly Op[]): Op[] {
  const d = new Draft(doc);
  const groups: Op[][] = [];
  const touched = new Set<string>();
  ops.forEach((op, i) => {
    const why = problem(d, op);
    if (why) throw new OpError(i, op, why);
    groups.push(inverseOf(d, op));
    applyOne(d, op);
    const t = touchedIds(op);
    if (t) touched.add(t);
  });
  // Screen repairs happen after every op; their inverse runs first.
  const before = { ...d.elements };
  const repairs = screenRepairs(d, touched);
  const repairInverse = repairs.map((r) => {
    const id = (r as { id: string }).id;
    return { op: "set-element", id, key: "screenId", value: before[id]!.screenId } as Op;
  });
  return [...repairInverse.reverse(), ...groups.reverse().flat()];
}

function inverseOf(d: Draft, op: Op): Op[] {
  switch (op.op) {
    case "add-element": {
      const old = d.elements[op.element.id];
      return old ? [{ op: "add-element", element: old }] : [{ op: "remove-element", id: op.element.id }];
    }
    case "set-element": {
      const el = d.elements[op.id]!;
      // An optional property that was absent (shadow) comes back as null: JSON has no undefined.
      return [{ op: "set-element", id: op.id, key: op.key, value: (el as Record<string, unknown>)[op.key] ?? null }];
    }
    case "remove-element": {
      const el = d.elements[op.id]!;
      const elements = [el, ...descendantsOf(d, op.id)];
      const going = interactionsGoing(d, new Set(elements.map((e) => e.id)), null);
      return [
        ...elements.map((element) => ({ op: "add-element", element }) as Op),
        ...going.map((interaction) => ({ op: "add-interaction", interaction }) as Op),
      ];
    }
    case "add-screen": {
      const old = d.screens[op.screen.id];
      return old ? [{ op: "add-screen", screen: old }] : [{ op: "remove-screen", id: op.screen.id }];
    }
    case "set-screen": {
      const screen = d.screens[op.id]!;
      return [{ op: "set-screen", id: op.id, key: op.key, value: (screen as Record<string, unknown>)[op.key] }];
    }
    case "remove-screen": {
      const screen = d.screens[op.id]!;
      const elements = treeOrder(d.elements, op.id);
      // Anything not reached from the top (a broken parent link) still comes back.
      const reached = new Set(elements.map((e) => e.id));
      for (const e of Object.values(d.elements)) if (e.screenId === op.id && !reached.has(e.id)) elements.push(e);
      const going = interactionsGoing(d, reached.size === elements.length ? reached : new Set(elements.map((e) => e.id)), op.id);
      const flows = Object.values(d.flows).filter((f) => f.startScreenId === op.id);
      const others = firstScreenExcept(d.screens, op.id) !== null;
      return [
        { op: "add-screen", screen },
        ...elements.map((element) => ({ op: "add-element", element }) as Op),
        ...going.map((interaction) => ({ op: "add-interaction", interaction }) as Op),
        ...flows.map(
          (flow) => (others ? { op: "set-flow", id: flow.id, key: "startScreenId", value: op.id } : { op: "add-flow", flow }) as Op,
        ),
      ];
    }
    case "add-interaction": {
      const old = d.interactions[op.interaction.id];
      return old ? [{ op: "add-interaction", interaction: old }] : [{ op: "remove-interaction", id: op.interaction.id }];
    }
    case "set-interaction": {
      const it = d.interactions[op.id]!;
      return [{ op: "set-interaction", id: op.id, key: op.key, value: it[op.key] }];
    }
    case "remove-interaction":
      return [{ op: "add-interaction", interaction: d.interactions[op.id]! }];
    case "add-flow": {
      const old = d.flows[op.flow.id];
      return old ? [{ op: "add-flow", flow: old }] : [{ op: "remove-flow", id: op.flow.id }];
    }
    case "set-flow": {
      const flow = d.flows[op.id]!;
      return [{ op: "set-flow", id: op.id, key: op.key, value: flow[op.key] }];
    }
    case "remove-flow":
      return [{ op: "add-flow", flow: d.flows[op.id]! }];
  }
}
