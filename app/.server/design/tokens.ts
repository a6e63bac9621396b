import { and, eq, isNull } from "drizzle-orm";
import {
  deleteToken as deleteTreeToken,
  DesignTokenError,
  flatten,
  getNode,
  getToken,
  inheritedType,
  isTokenNode,
  setToken,
  type TokenNode,
} from "~/lib/design-tokens/tree";
import type { DesignIssue, DesignSystemDoc, TokenSet, TokenTree, TokenType } from "~/lib/design-tokens/types";
import { renameToken as renameInDoc, rewriteTree } from "~/lib/design-tokens/rename";
import { checkSystem, validateSet, validateTokenValue } from "~/lib/design-tokens/validate";
import { canonicalValue } from "~/lib/design-tokens/values";
import { renameTokenRefs } from "~/lib/wireframes/tokens";
import { schema, type Db } from "../db";
import { emit, envelope, mutate } from "../events";
import { UserError } from "../errors";
import { applyPatchIn } from "../wireframes/patches";
import type { MemberContext } from "../workspaces";
import { requireAccess } from "../access";
import { EMPTY_DOC, systemRow } from "./rows";
import { effectiveOf, scopeDocs } from "./systems";

/**
 * Changes to a scope's design system (the workspace base, or a project's own sets that add
 * to and override the base). Each change runs in one transaction on the scope's locked row,
 * is checked against the whole effective system (aliases exist, fit their type, form no cycle)
 * and refused with the problem and its path when it adds one; nothing is written then.
 */
const { designSystems } = schema;

type Scope = string | null;

const issueText = (i: DesignIssue) => (i.path ? `${i.path}: ${i.message}` : i.message);
const issueKey = (i: DesignIssue) => `${i.set ?? ""}\u0000${i.path}\u0000${i.message}`;

/** Writes a scope's document (insert on first change), its revision bumped. */
async function saveDoc(tx: Db, member: MemberContext, projectId: Scope, doc: DesignSystemDoc, revision: number | null) {
  if (revision === null) {
    await tx.insert(designSystems).values({ workspaceId: member.workspace.id, projectId, document: doc, updatedBy: member.user.id });
    return;
  }
  await tx
    .update(designSystems)
    .set({ document: doc, revision: revision + 1, updatedBy: member.user.id, updatedAt: new Date() })
    .where(
      and(
        eq(designSystems.workspaceId, member.workspace.id),
        projectId === null ? isNull(designSystems.projectId) : eq(designSystems.projectId, projectId),
      ),
    );
}

export type ChangeContext = {
  tx: Db;
  /** The scope's own document (the base, or the project's overlay). */
  doc: DesignSystemDoc;
  /** The base document when the scope is a project (null for the base itself). */
  base: DesignSystemDoc | null;
};

/**
 * Runs `change` on the scope's own document under its row lock and saves the result when the
 * effective system has no problem it did not have before (a 400 naming the first one otherwise).
 * Returns what `change` returned.
 */
export async function changeSystem<T>(
  member: MemberContext,
  projectId: Scope,
  action: "change" | "publish",
  change: (ctx: ChangeContext) => { doc: DesignSystemDoc; result: T } | Promise<{ doc: DesignSystemDoc; result: T }>,
  opts: { field?: string } = {},
): Promise<T> {
  return mutate(async (tx) => {
    await requireAccess(tx, member, "token_set", action);
    const scope = await scopeDocs(tx, member, projectId);
    const row = await systemRow(tx, member, scope.project?.id ?? null, { lock: true });
    const own = scope.project ? (row?.document ?? EMPTY_DOC) : scope.base;
    const base = scope.project ? scope.base : null;
    const before = new Set(checkSystem(effectiveOf(base ?? own, base ? own : null).doc).map(issueKey));
    let out: { doc: DesignSystemDoc; result: T };
    try {
      out = await change({ tx, doc: own, base });
    } catch (error) {
      if (error instanceof DesignTokenError) throw new UserError(400, error.message, opts.field ?? "path");
      throw error;
    }
    const fresh = checkSystem(effectiveOf(base ?? out.doc, base ? out.doc : null).doc).filter((i) => !before.has(issueKey(i)));
    if (fresh.length > 0) throw new UserError(400, `${issueText(fresh[0]!)} Nothing was saved.`, opts.field);
    await saveDoc(tx, member, scope.project?.id ?? null, out.doc, row ? row.revision : null);
    // The wireframes a renamed token's references were patched in emitted their own events.
    await emit(tx, {
      kind: "design.tokens.changed",
      ...envelope(member, scope.project?.id ?? null),
      subject: { scope: scope.project ? "project" : "workspace" },
      change: { action },
    });
    return out.result;
  });
}

const withSet = (doc: DesignSystemDoc, name: string, fn: (tokens: TokenTree) => TokenTree, create = false): DesignSystemDoc => {
  const i = doc.sets.findIndex((s) => s.name === name);
  if (i === -1) {
    if (!create) throw new UserError(404, `There is no set named ${name}.`, "set");
    return { ...doc, sets: [...doc.sets, { name, tokens: fn({}) }] };
  }
  const sets = doc.sets.slice();
  sets[i] = { name, tokens: fn(sets[i]!.tokens) };
  return { ...doc, sets };
};

const hasSet = (doc: DesignSystemDoc | null, name: string) => !!doc?.sets.some((s) => s.name === name);

export type TokenInput = {
  set: string;
  path: string;
  /** The token's path before this edit (an edit that changes it moves the token, aliases following). */
  originalPath?: string | null;
  type: TokenType;
  /** The value: a DTCG value, legacy text ("#0f62fe", "16px"), or an alias "{a.b}". */
  value: unknown;
  description?: string;
};

/** Creates or edits a token of a set (a project's edit of an inherited token overrides it). `$extensions` are kept. */
export async function saveToken(member: MemberContext, projectId: Scope, input: TokenInput): Promise<{ path: string }> {
  const value = canonicalValue(input.type, input.value);
  const problem = validateTokenValue(input.type, value);
  if (problem) throw new UserError(400, problem, "value");
  const from = input.originalPath && input.originalPath !== input.path ? input.originalPath : null;
  if (from) await renameToken(member, projectId, input.set, from, input.path);
  return changeSystem(
    member,
    projectId,
    "change",
    ({ doc, base }) => {
      if (!hasSet(doc, input.set) && !hasSet(base, input.set)) throw new UserError(404, `There is no set named ${input.set}.`, "set");
      const ownSet = doc.sets.find((s) => s.name === input.set);
      const ownNode = ownSet ? getNode(ownSet.tokens, input.path) : undefined;
      if (ownNode !== undefined && !isTokenNode(ownNode))
        throw new UserError(409, `${input.path} is a group. Choose another name.`, "path");
      if (!input.originalPath && ownNode !== undefined)
        throw new UserError(409, `A token named ${input.path} already exists in ${input.set}.`, "path");
      const existing = (ownNode as TokenNode | undefined) ?? baseToken(base, input.set, input.path);
      const node: TokenNode = { ...(existing ?? {}), $value: value, $type: input.type };
      // A type the token's groups already give is not repeated on the token.
      if (!existing?.$type && ownSet && inheritedType(ownSet.tokens, input.path) === input.type) delete node.$type;
      if (input.description?.trim()) node.$description = input.description.trim();
      else delete node.$description;
      const next = withSet(doc, input.set, (t) => setToken(t, input.path, node), base !== null);
      if (existing)
        refuseBrokenAliases(effectiveOf(base ?? doc, base ? doc : null).doc, effectiveOf(base ?? next, base ? next : null).doc, input);
      return { doc: next, result: { path: input.path } };
    },
    { field: "value" },
  );
}

/**
 * A token whose type changes must not leave tokens aliasing it with a type they no longer fit:
 * refused at the type field, naming each of them (set: path), before anything is written.
 */
function refuseBrokenAliases(before: DesignSystemDoc, after: DesignSystemDoc, input: TokenInput) {
  const was = before.sets.find((s) => s.name === input.set);
  const oldType = was ? flatten(was).find((t) => t.path === input.path)?.type : undefined;
  if (!oldType || oldType === input.type) return;
  const known = new Set(checkSystem(before).map(issueKey));
  const users = checkSystem(after)
    .filter((i) => !known.has(issueKey(i)) && i.message.includes(`{${input.path}}`) && i.path !== input.path)
    .map((i) => (i.set ? `${i.set}: ${i.path}` : i.path));
  if (users.length === 0) return;
  throw new UserError(
    400,
    `These tokens alias ${input.path} as a ${oldType} token and would no longer fit: ${[...new Set(users)].join(", ")}. Change or remove those aliases first, or keep the type ${oldType}.`,
    "type",
  );
}

function baseToken(base: DesignSystemDoc | null, set: string, path: string): TokenNode | undefined {
  const s = base?.sets.find((x) => x.name === set);
  return s ? getToken(s.tokens, path) : undefined;
}

/** Deletes a token or group of a set (a project removes its own token or its override; inherited ones stay). */
export async function deleteToken(member: MemberContext, projectId: Scope, set: string, path: string): Promise<void> {
  await changeSystem(
    member,
    projectId,
    "change",
    ({ doc, base }) => {
      const own = doc.sets.find((s) => s.name === set);
      if (!own || getNode(own.tokens, path) === undefined) {
        if (baseToken(base, set, path) || (base && getNodeIn(base, set, path)))
          throw new UserError(
            400,
            `${path} is inherited from the workspace's design system. Delete it there, on the Design System page.`,
            "path",
          );
        throw new UserError(404, `There is no token ${path} in ${set}.`, "path");
      }
      const next = withSet(doc, set, (t) => deleteTreeToken(t, path));
      return { doc: dropEmptySet(next, set, base !== null), result: undefined };
    },
    { field: "path" },
  );
}

const getNodeIn = (doc: DesignSystemDoc, set: string, path: string) => {
  const s = doc.sets.find((x) => x.name === set);
  return s ? getNode(s.tokens, path) : undefined;
};

/** A project's set left empty by a delete goes (it only existed to hold overrides). */
const dropEmptySet = (doc: DesignSystemDoc, set: string, isProject: boolean): DesignSystemDoc =>
  isProject ? { ...doc, sets: doc.sets.filter((s) => s.name !== set || Object.keys(s.tokens).length > 0) } : doc;

const rewriteDoc = (doc: DesignSystemDoc, renamed: Map<string, string>): DesignSystemDoc => ({
  ...doc,
  sets: doc.sets.map((s): TokenSet => ({ name: s.name, tokens: rewriteTree(s.tokens, renamed) })),
});

/**
 * Renames a token or a group (in every set of the scope that has it): every alias in the scope
 * (and, for the base, in every project's sets) and every wireframe element that refers to it by
 * path are rewritten in the same transaction; open editors receive the wireframes' patches.
 */
export async function renameToken(
  member: MemberContext,
  projectId: Scope,
  set: string,
  from: string,
  to: string,
): Promise<{ renamed: Array<[string, string]> }> {
  return changeSystem(
    member,
    projectId,
    "change",
    async ({ tx, doc, base }) => {
      if (!doc.sets.some((s) => s.name === set && getNode(s.tokens, from) !== undefined)) {
        if (base && getNodeIn(base, set, from) !== undefined)
          throw new UserError(400, `${from} is inherited from the workspace's design system. Rename it there.`, "path");
        throw new UserError(404, `There is no token ${from} in ${set}.`, "path");
      }
      const moved = renameInDoc(doc, from, to);
      const next = moved.doc;
      const renamed = new Map(moved.renamed);
      const pairs = [...renamed.entries()];
      if (projectId === null) await rewriteProjectSystems(tx, member, renamed);
      await renameInWireframes(tx, member, projectId, pairs);
      return { doc: next, result: { renamed: pairs } };
    },
    { field: "path" },
  );
}

/** After a base rename: the projects' aliases to the renamed tokens follow. */
async function rewriteProjectSystems(tx: Db, member: MemberContext, renamed: Map<string, string>) {
  const rows = await tx
    .select({ id: designSystems.id, document: designSystems.document, revision: designSystems.revision })
    .from(designSystems)
    .where(eq(designSystems.workspaceId, member.workspace.id))
    .for("update");
  for (const row of rows) {
    const next = rewriteDoc(row.document, renamed);
    if (JSON.stringify(next) === JSON.stringify(row.document)) continue;
    await tx
      .update(designSystems)
      .set({ document: next, revision: row.revision + 1, updatedAt: new Date() })
      .where(and(eq(designSystems.id, row.id), eq(designSystems.workspaceId, member.workspace.id)));
  }
}

/** The wireframes of the scope (a project's, or the whole workspace's) that refer to a renamed token, patched through the co-editing path. */
async function renameInWireframes(tx: Db, member: MemberContext, projectId: Scope, pairs: Array<[string, string]>) {
  const { wireframes } = schema;
  const rows = await tx
    .select({ id: wireframes.id, document: wireframes.document })
    .from(wireframes)
    .where(and(eq(wireframes.workspaceId, member.workspace.id), projectId ? eq(wireframes.projectId, projectId) : undefined));
  for (const row of rows) {
    const ops = renameTokenRefs(row.document, pairs);
    if (ops.length === 0) continue;
    await applyPatchIn(tx, member, row.id, { clientId: "design-system", ops });
  }
}

/** Saves a whole set from the raw JSON editor: validated against the format first (each problem with its path). */
export async function saveSetJson(member: MemberContext, projectId: Scope, set: string, text: string): Promise<void> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UserError(400, `This is not valid JSON: ${(error as Error).message}. Nothing was saved.`, "json");
  }
  const checked = validateSet(json);
  if (!checked.ok) throw new UserError(400, `${checked.issues.slice(0, 5).map(issueText).join(" ")} Nothing was saved.`, "json");
  await changeSystem(
    member,
    projectId,
    "change",
    ({ doc, base }) => {
      if (!hasSet(doc, set) && !hasSet(base, set)) throw new UserError(404, `There is no set named ${set}.`, "set");
      return { doc: withSet(doc, set, () => checked.set, base !== null), result: undefined };
    },
    { field: "json" },
  );
}

const SET_NAME = /^[A-Za-z0-9][\w -]{0,59}$/;

function cleanSetName(name: string, field = "name"): string {
  const clean = name.trim();
  if (!SET_NAME.test(clean))
    throw new UserError(400, "A set or theme name is 1 to 60 letters, digits, spaces, - or _, starting with a letter or digit.", field);
  return clean;
}

/** Adds an empty set (at the end: later sets win). */
export async function createSet(member: MemberContext, projectId: Scope, name: string): Promise<void> {
  const clean = cleanSetName(name);
  await changeSystem(member, projectId, "change", ({ doc, base }) => {
    if (hasSet(doc, clean) || hasSet(base, clean)) throw new UserError(409, `A set named ${clean} already exists.`, "name");
    return { doc: { ...doc, sets: [...doc.sets, { name: clean, tokens: {} }] }, result: undefined };
  });
}

/** Deletes a set and takes it out of every theme (admins and owners; refused when other tokens alias its tokens). */
export async function deleteSet(member: MemberContext, projectId: Scope, name: string): Promise<void> {
  await changeSystem(member, projectId, "publish", ({ doc, base }) => {
    if (!hasSet(doc, name)) {
      if (hasSet(base, name)) throw new UserError(400, `${name} is inherited from the workspace's design system. Delete it there.`, "name");
      throw new UserError(404, `There is no set named ${name}.`, "name");
    }
    return {
      doc: {
        sets: doc.sets.filter((s) => s.name !== name),
        themes: doc.themes.map((t) => ({ ...t, sets: t.sets.filter((s) => s !== name) })),
      },
      result: undefined,
    };
  });
}

/** Moves a set one place up or down (order decides which set wins). */
export async function moveSet(member: MemberContext, projectId: Scope, name: string, direction: "up" | "down"): Promise<void> {
  await changeSystem(member, projectId, "change", ({ doc }) => {
    const i = doc.sets.findIndex((s) => s.name === name);
    if (i === -1) throw new UserError(404, `There is no set named ${name}.`, "name");
    const j = direction === "up" ? i - 1 : i + 1;
    if (j < 0 || j >= doc.sets.length) return { doc, result: undefined };
    const sets = doc.sets.slice();
    [sets[i], sets[j]] = [sets[j]!, sets[i]!];
    return { doc: { ...doc, sets }, result: undefined };
  });
}

/** Creates or changes a theme: the sets it enables, in the system's set order. */
export async function saveTheme(
  member: MemberContext,
  projectId: Scope,
  input: { name: string; originalName?: string | null; sets: string[] },
) {
  const name = cleanSetName(input.name);
  await changeSystem(member, projectId, "change", ({ doc, base }) => {
    const all = [...(base?.sets ?? []), ...doc.sets].map((s) => s.name);
    const unknown = input.sets.find((s) => !all.includes(s));
    if (unknown) throw new UserError(400, `There is no set named ${unknown}.`, "sets");
    if (input.sets.length === 0) throw new UserError(400, "Choose at least one set for the theme.", "sets");
    const ordered = [...new Set(all)].filter((s) => input.sets.includes(s));
    const original = input.originalName ?? null;
    const taken = [...doc.themes, ...(base?.themes ?? [])].some((t) => t.name === name && t.name !== original);
    if (taken && !original) throw new UserError(409, `A theme named ${name} already exists.`, "name");
    const themes = doc.themes.filter((t) => t.name !== original && t.name !== name);
    const at = original ? doc.themes.findIndex((t) => t.name === original) : -1;
    const theme = { name, sets: ordered };
    if (at >= 0) themes.splice(Math.min(at, themes.length), 0, theme);
    else themes.push(theme);
    return { doc: { ...doc, themes }, result: undefined };
  });
}

export async function deleteTheme(member: MemberContext, projectId: Scope, name: string): Promise<void> {
  await changeSystem(member, projectId, "change", ({ doc, base }) => {
    if (!doc.themes.some((t) => t.name === name)) {
      if (base?.themes.some((t) => t.name === name))
        throw new UserError(400, `${name} is inherited from the workspace's design system.`, "name");
      throw new UserError(404, `There is no theme named ${name}.`, "name");
    }
    return { doc: { ...doc, themes: doc.themes.filter((t) => t.name !== name) }, result: undefined };
  });
}

/** Replaces the scope's whole document (an import once confirmed). */
export async function replaceSystem(member: MemberContext, projectId: Scope, next: DesignSystemDoc): Promise<void> {
  await changeSystem(member, projectId, "change", () => ({ doc: next, result: undefined }));
}
