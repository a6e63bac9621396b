/**
 * Merging a main component's definition when a save meets a newer version (decision 013's
 * rule, per property, for the one document that is saved whole): from the version both
 * started at (`base`), the edits made here (`mine`) and the ones saved meanwhile
 * (`theirs`). A property only one side changed takes that side's value; an element one
 * side added or removed stays added or removed. A property both changed to different
 * values is a conflict: the merge keeps mine and names it, so the editor can show their
 * value and let its user choose.
 */
import type { ComponentDefinition, WireframeElement } from "../document";

export type MergeConflict = {
  /** The element (null: the component's own size). */
  elementId: string | null;
  /** What people call it: the element's name, or "Component". */
  label: string;
  key: string;
  theirs: unknown;
};

export type DefinitionMerge = { definition: ComponentDefinition; conflicts: MergeConflict[] };

export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => Object.prototype.hasOwnProperty.call(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/** Three-way merge of one record's properties; the conflicts are the keys both changed differently. */
function mergeProps<T extends object>(base: T, mine: T, theirs: T): { value: T; conflicting: string[] } {
  const b = base as Record<string, unknown>;
  const m = mine as Record<string, unknown>;
  const t = theirs as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const conflicting: string[] = [];
  for (const key of new Set([...Object.keys(b), ...Object.keys(m), ...Object.keys(t)])) {
    const mineChanged = !sameValue(m[key], b[key]);
    const theirsChanged = !sameValue(t[key], b[key]);
    const value = mineChanged ? m[key] : t[key];
    if (mineChanged && theirsChanged && !sameValue(m[key], t[key])) conflicting.push(key);
    if (value !== undefined) out[key] = value;
  }
  return { value: out as T, conflicting };
}

export function mergeDefinitions(base: ComponentDefinition, mine: ComponentDefinition, theirs: ComponentDefinition): DefinitionMerge {
  const conflicts: MergeConflict[] = [];
  const size = mergeProps(
    { width: base.width, height: base.height },
    { width: mine.width, height: mine.height },
    {
      width: theirs.width,
      height: theirs.height,
    },
  );
  for (const key of size.conflicting) conflicts.push({ elementId: null, label: "Component", key, theirs: theirs[key as "width"] });
  const elements: Record<string, WireframeElement> = {};
  const ids = new Set([...Object.keys(base.elements), ...Object.keys(mine.elements), ...Object.keys(theirs.elements)]);
  for (const id of ids) {
    const b = base.elements[id];
    const m = mine.elements[id];
    const t = theirs.elements[id];
    if (!b) {
      // Added on one side (or both, with one id: only a copy of the same add).
      const added = m ?? t;
      if (added) elements[id] = added;
      continue;
    }
    if (!m && !t) continue;
    if (!m) {
      // I removed it: it stays removed; if they changed it meanwhile, that is a conflict.
      if (!sameValue(t, b)) conflicts.push({ elementId: id, label: t!.name, key: "removed", theirs: t });
      continue;
    }
    if (!t) {
      // They removed it: it goes, unless I changed it meanwhile (then mine stays, named).
      if (sameValue(m, b)) continue;
      elements[id] = m;
      conflicts.push({ elementId: id, label: m.name, key: "removed", theirs: null });
      continue;
    }
    const merged = mergeProps(b, m, t);
    elements[id] = merged.value;
    for (const key of merged.conflicting) conflicts.push({ elementId: id, label: m.name, key, theirs: t[key as keyof WireframeElement] });
  }
  return { definition: { ...theirs, width: size.value.width, height: size.value.height, elements }, conflicts };
}
