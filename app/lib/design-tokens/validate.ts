/**
 * Checks of the DTCG format: one set's JSON (`validateSet`, errors placed at their path, legacy
 * values converted), one value (`validateTokenValue`) and a whole system (`checkSystem`: alias
 * targets exist, their type fits, no cycle).
 */
import { mergeTokens } from "./resolve";
import { aliasTarget, checkName, checkPath, childKeys, flattenTree, isObject, isTokenNode, isTokenType, type RawFlatToken } from "./tree";
import { TOKEN_TYPES, type DesignIssue, type DesignSystemDoc, type TokenSet, type TokenTree, type TokenType } from "./types";
import { aliasesIn, canonicalValue, checkValue } from "./values";

/** A message for the first problem of a value of this type (aliases accepted), or null. */
export function validateTokenValue(type: TokenType, value: unknown): string | null {
  if (!isTokenType(type)) return `Unknown type ${String(type)}.`;
  return checkValue(type, value);
}

/**
 * Check one set's token tree as the raw JSON editor or an import gives it. On success the set comes
 * back with legacy values ("#0f62fe", "16px"…) in their canonical 2025.10 form; `$extensions` and
 * every other `$`-key stay verbatim.
 */
export function validateSet(json: unknown): { ok: true; set: TokenTree } | { ok: false; issues: DesignIssue[] } {
  const issues: DesignIssue[] = [];
  if (!isObject(json)) return { ok: false, issues: [{ path: "", message: "Expected a JSON object of tokens and groups." }] };

  const walk = (node: Record<string, unknown>, prefix: string[], inherited: TokenType | undefined | null): Record<string, unknown> => {
    const here = prefix.join(".");
    const out: Record<string, unknown> = {};
    let groupType = inherited;
    if ("$type" in node) {
      if (isTokenType(node.$type)) groupType = node.$type;
      else {
        groupType = null;
        issues.push({ path: here, message: `Unknown $type ${JSON.stringify(node.$type)}; expected one of ${TOKEN_TYPES.join(", ")}.` });
      }
    }
    for (const [key, child] of Object.entries(node)) {
      const path = [...prefix, key].join(".");
      if (key.startsWith("$") && !childKeys(node).includes(key)) {
        // Unknown `$` properties are kept as they are (the format reserves them for later versions).
        if (key === "$description" && typeof child !== "string") issues.push({ path: here, message: "$description must be text." });
        if (key === "$extensions" && !isObject(child)) issues.push({ path: here, message: "$extensions must be an object." });
        out[key] = child;
        continue;
      }
      const nameProblem = checkName(key);
      if (nameProblem) issues.push({ path, message: nameProblem });
      if (!isObject(child)) {
        issues.push({ path, message: `Expected a token (an object with $value) or a group, found ${JSON.stringify(child)}.` });
        out[key] = child;
        continue;
      }
      out[key] = isTokenNode(child) ? checkToken(child, [...prefix, key], groupType) : walk(child, [...prefix, key], groupType);
    }
    return out;
  };

  const checkToken = (node: Record<string, unknown>, pathParts: string[], inherited: TokenType | undefined | null) => {
    const path = pathParts.join(".");
    const out: Record<string, unknown> = { ...node };
    for (const key of Object.keys(node)) {
      if (!key.startsWith("$")) issues.push({ path: `${path}.${key}`, message: `A token cannot contain a group or token (${key}).` });
    }
    let type = inherited;
    if ("$type" in node) {
      if (isTokenType(node.$type)) type = node.$type;
      else {
        issues.push({ path, message: `Unknown $type ${JSON.stringify(node.$type)}; expected one of ${TOKEN_TYPES.join(", ")}.` });
        return out;
      }
    }
    if ("$description" in node && typeof node.$description !== "string") issues.push({ path, message: "$description must be text." });
    if ("$deprecated" in node && typeof node.$deprecated !== "boolean" && typeof node.$deprecated !== "string")
      issues.push({ path, message: "$deprecated must be true, false or a text." });
    if ("$extensions" in node && !isObject(node.$extensions)) issues.push({ path, message: "$extensions must be an object." });
    const value = node.$value;
    if (aliasTarget(value) !== null) {
      const bad = checkPath(aliasTarget(value)!);
      if (bad) issues.push({ path, message: `Bad alias ${String(value)}: ${bad}` });
      return out;
    }
    if (type === null) return out; // its group's $type is unknown (reported there)
    if (!type) {
      issues.push({ path, message: "The token has no $type (set it on the token or a group)." });
      return out;
    }
    const canonical = canonicalValue(type, value);
    const problem = checkValue(type, canonical);
    if (problem) issues.push({ path, message: problem });
    else out.$value = canonical;
    return out;
  };

  const set = walk(json, [], undefined);
  return issues.length ? { ok: false, issues } : { ok: true, set };
}

/** The type a token ends up with in a merged theme (an untyped alias takes its target's). */
function typeIn(merged: Map<string, RawFlatToken>, path: string): TokenType | undefined {
  const seen = new Set<string>();
  let t = merged.get(path);
  while (t) {
    if (t.type) return t.type;
    const target = aliasTarget(t.value);
    if (!target || seen.has(target)) return undefined;
    seen.add(target);
    t = merged.get(target);
  }
  return undefined;
}

/** Every alias target of a token (whole value and parts). */
function targetsOf(t: RawFlatToken, merged: Map<string, RawFlatToken>): string[] {
  const whole = aliasTarget(t.value);
  if (whole) return [whole];
  const type = t.type ?? typeIn(merged, t.path);
  return type ? aliasesIn(type, t.value).map((a) => a.target) : [];
}

/** The first alias cycle through `start`, written `a → b → a`, or null. */
export function findCycle(merged: Map<string, RawFlatToken>, start: string): string[] | null {
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visited = new Set<string>();
  const dfs = (path: string): string[] | null => {
    if (onStack.has(path)) return [...stack.slice(stack.indexOf(path)), path];
    if (visited.has(path)) return null;
    visited.add(path);
    const t = merged.get(path);
    if (!t) return null;
    stack.push(path);
    onStack.add(path);
    for (const next of targetsOf(t, merged)) {
      const c = dfs(next);
      if (c) return c;
    }
    stack.pop();
    onStack.delete(path);
    return null;
  };
  const cycle = dfs(start);
  return cycle && cycle[0] === start ? cycle : null;
}

export const cycleMessage = (cycle: string[]) => `Alias cycle: ${cycle.join(" → ")}`;

/**
 * Every problem of a system: set and theme names, each set's format, and in every theme that
 * enables a set (or among all sets when none does) each alias's target exists, has the type its
 * place expects, and forms no cycle.
 */
export function checkSystem(doc: DesignSystemDoc): DesignIssue[] {
  const issues: DesignIssue[] = [];
  const seen = new Set<string>();
  const push = (i: DesignIssue) => {
    const key = `${i.set ?? ""}\u0000${i.path}\u0000${i.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(i);
    }
  };

  const setNames = new Set<string>();
  for (const s of doc.sets) {
    if (s.name.trim() === "") push({ path: "", set: s.name, message: "A set needs a name." });
    if (setNames.has(s.name)) push({ path: "", set: s.name, message: `Two sets are named ${s.name}.` });
    setNames.add(s.name);
    const v = validateSet(s.tokens);
    if (!v.ok) for (const i of v.issues) push({ ...i, set: s.name });
  }
  const themeNamesSeen = new Set<string>();
  for (const t of doc.themes) {
    if (themeNamesSeen.has(t.name)) push({ path: "", message: `Two themes are named ${t.name}.` });
    themeNamesSeen.add(t.name);
    for (const n of t.sets) if (!setNames.has(n)) push({ path: "", message: `Theme ${t.name} enables a set that does not exist: ${n}.` });
  }

  const byName = new Map(doc.sets.map((s) => [s.name, s]));
  const contexts: { label: string; sets: TokenSet[] }[] = doc.themes.map((t) => ({
    label: t.name,
    sets: t.sets.map((n) => byName.get(n)).filter((s): s is TokenSet => !!s),
  }));
  const inTheme = new Set(contexts.flatMap((c) => c.sets.map((s) => s.name)));
  const loose = doc.sets.filter((s) => !inTheme.has(s.name));
  if (loose.length) contexts.push({ label: "", sets: doc.sets });

  for (const ctx of contexts) {
    const merged = mergeTokens(ctx.sets);
    const where = ctx.label && doc.themes.length > 1 ? ` (theme ${ctx.label})` : "";
    const checkSets = ctx.label ? ctx.sets : loose;
    for (const set of checkSets) {
      for (const t of flattenTree(set.tokens, set.name)) {
        const type = t.type ?? typeIn(merged, t.path);
        const whole = aliasTarget(t.value);
        const refs = whole ? [{ target: whole, at: "", expects: t.type }] : type ? aliasesIn(type, t.value) : [];
        for (const ref of refs) {
          const target = merged.get(ref.target);
          const part = ref.at ? ` in ${ref.at}` : "";
          if (!target) {
            push({ path: t.path, set: set.name, message: `Alias {${ref.target}}${part} points to no token${where}.` });
            continue;
          }
          const targetType = typeIn(merged, ref.target);
          if (ref.expects && targetType && ref.expects !== targetType && !(ref.expects === "gradient" && ref.at))
            push({
              path: t.path,
              set: set.name,
              message: `Alias {${ref.target}}${part} is a ${targetType} token; expected ${ref.expects}${where}.`,
            });
        }
        if (refs.length) {
          const probe = merged.get(t.path)?.set === set.name ? merged : new Map(merged).set(t.path, t);
          const cycle = findCycle(probe, t.path);
          if (cycle) push({ path: t.path, set: set.name, message: cycleMessage(cycle) });
        }
      }
    }
  }
  return issues;
}
