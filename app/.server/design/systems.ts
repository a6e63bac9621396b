import { mergeSystems } from "~/lib/design-tokens/inherit";
import { flattenTree } from "~/lib/design-tokens/tree";
import { sampleSystem } from "~/lib/design-tokens/sample";
import type { DesignSystemDoc, TokenStatus } from "~/lib/design-tokens/types";
import { db, type Db } from "../db";
import type { MemberContext } from "../workspaces";
import { requireRead } from "../access";
import { EMPTY_DOC, findProject, systemRow, type Tenant } from "./rows";

/**
 * The design system of a scope: the workspace's base (projectId null) or a project's, which
 * inherits the base and adds or overrides tokens set by set. A workspace that never saved
 * its base starts from the sample system (nothing is stored until the first change).
 */
export type EffectiveSystem = {
  doc: DesignSystemDoc;
  /** Per token path: inherited from the base, overridden by the project, or its own (every token of the base is its own). */
  status: Map<string, TokenStatus>;
  themes: string[];
  /** The project whose system this is (null for the workspace's base). */
  project: { id: string; name: string } | null;
  /** The scope's own document: the base, or the project's own sets and themes (what its raw JSON editor shows). */
  own: DesignSystemDoc;
};

/** The stored base and project documents of a scope (the base's default when none was saved). */
export async function scopeDocs(tx: Db, member: Tenant, projectId: string | null) {
  const project = await findProject(tx, member, projectId);
  const baseRow = await systemRow(tx, member, null);
  const base = baseRow?.document ?? sampleSystem();
  const projectRow = project ? await systemRow(tx, member, project.id) : null;
  return { project, base, baseRow, overlay: project ? (projectRow?.document ?? EMPTY_DOC) : null, projectRow };
}

/** The effective system of the workspace (projectId null) or of one of its projects (404 for another workspace's). */
export async function effectiveSystem(member: MemberContext, projectId: string | null): Promise<EffectiveSystem> {
  requireRead(member, "token_set");
  const { base, overlay, project } = await scopeDocs(db(), member, projectId);
  return { ...effectiveOf(base, overlay), project, own: overlay ?? base };
}

/**
 * The effective system of a wireframe's project for a share link, which has no member and no
 * role: the link itself is the grant, so only its caller (the link's drawings) may ask, and
 * only the values the renderer draws with leave the server.
 */
export async function linkedSystem(workspaceId: string, projectId: string | null): Promise<DesignSystemDoc> {
  const { base, overlay } = await scopeDocs(db(), { workspace: { id: workspaceId } }, projectId);
  return effectiveOf(base, overlay).doc;
}

export function effectiveOf(base: DesignSystemDoc, overlay: DesignSystemDoc | null): Omit<EffectiveSystem, "project" | "own"> {
  if (overlay === null) {
    const status = new Map<string, TokenStatus>();
    for (const s of base.sets) for (const t of flattenTree(s.tokens)) status.set(t.path, "own");
    return { doc: base, status, themes: base.themes.map((t) => t.name) };
  }
  const { doc, status } = mergeSystems(base, overlay);
  return { doc, status, themes: doc.themes.map((t) => t.name) };
}
