/**
 * What changed between two versions of a system: tokens added, removed, renamed and changed (with
 * their old and new values), per set, and the changes that break consumers (a token removed or
 * renamed, a type changed, a theme removed).
 */
import { flatten } from "./tree";
import type { DesignSystemDoc, FlatToken, TokenType } from "./types";

export type TokenChange = {
  path: string;
  set: string;
  type: TokenType;
  before: unknown;
  after: unknown;
  beforeType: TokenType;
  /** Which properties differ. */
  fields: Array<"value" | "type" | "description" | "deprecated" | "extensions">;
};
export type SystemDiff = {
  added: FlatToken[];
  removed: FlatToken[];
  renamed: { from: string; to: string; set: string }[];
  changed: TokenChange[];
  breaking: { path: string; set?: string; reason: string }[];
};

/** Deterministic JSON (object keys sorted) for comparing values. */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(",")}]`;
  if (typeof v === "object" && v !== null)
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(v);
}

const key = (t: FlatToken) => `${t.set}\u0000${t.path}`;

export function diffSystems(a: DesignSystemDoc, b: DesignSystemDoc): SystemDiff {
  const before = new Map(a.sets.flatMap((s) => flatten(s)).map((t) => [key(t), t]));
  const after = new Map(b.sets.flatMap((s) => flatten(s)).map((t) => [key(t), t]));
  let added = [...after.values()].filter((t) => !before.has(key(t)));
  let removed = [...before.values()].filter((t) => !after.has(key(t)));

  // A removed token whose exact twin (set, type, value) was added is taken as renamed.
  const renamed: SystemDiff["renamed"] = [];
  const sig = (t: FlatToken) => `${t.set}\u0000${t.type}\u0000${stableJson(t.value)}`;
  const addedBySig = new Map<string, FlatToken[]>();
  for (const t of added) addedBySig.set(sig(t), [...(addedBySig.get(sig(t)) ?? []), t]);
  const removedBySig = new Map<string, FlatToken[]>();
  for (const t of removed) removedBySig.set(sig(t), [...(removedBySig.get(sig(t)) ?? []), t]);
  for (const [s, gone] of removedBySig) {
    const fresh = addedBySig.get(s);
    if (gone.length === 1 && fresh?.length === 1) renamed.push({ from: gone[0].path, to: fresh[0].path, set: gone[0].set });
  }
  const renamedFrom = new Set(renamed.map((r) => `${r.set}\u0000${r.from}`));
  const renamedTo = new Set(renamed.map((r) => `${r.set}\u0000${r.to}`));
  added = added.filter((t) => !renamedTo.has(key(t)));
  removed = removed.filter((t) => !renamedFrom.has(key(t)));

  const changed: TokenChange[] = [];
  for (const [k, old] of before) {
    const now = after.get(k);
    if (!now) continue;
    const fields: TokenChange["fields"] = [];
    if (stableJson(old.value) !== stableJson(now.value)) fields.push("value");
    if (old.type !== now.type) fields.push("type");
    if ((old.description ?? "") !== (now.description ?? "")) fields.push("description");
    if (stableJson(old.deprecated ?? false) !== stableJson(now.deprecated ?? false)) fields.push("deprecated");
    if (stableJson(old.extensions ?? {}) !== stableJson(now.extensions ?? {})) fields.push("extensions");
    if (fields.length)
      changed.push({
        path: now.path,
        set: now.set,
        type: now.type,
        beforeType: old.type,
        before: old.value,
        after: now.value,
        fields,
      });
  }

  const breaking: SystemDiff["breaking"] = [
    ...removed.map((t) => ({ path: t.path, set: t.set, reason: "Removed" })),
    ...renamed.map((r) => ({ path: r.from, set: r.set, reason: `Renamed to ${r.to}` })),
    ...changed
      .filter((c) => c.fields.includes("type"))
      .map((c) => ({ path: c.path, set: c.set, reason: `Type changed from ${c.beforeType} to ${c.type}` })),
  ];
  const themesAfter = new Set(b.themes.map((t) => t.name));
  for (const t of a.themes) if (!themesAfter.has(t.name)) breaking.push({ path: "", reason: `Theme ${t.name} removed` });
  return { added, removed, renamed, changed, breaking };
}
