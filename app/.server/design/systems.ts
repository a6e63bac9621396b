import { sampleSystem } from "~/lib/design-tokens/sample";
import type { DesignSystemDoc, TokenStatus } from "~/lib/design-tokens/types";
import { db, type Db } from "../db";
import type { MemberContext } from "../workspaces";
import { assertCan, EMPTY_DOC, findProject, systemRow } from "./access";
import { mergeDocs } from "./local-tokens";

/**
 * The design system of a scope: the workspace's base (projectId null) or a project's, which
 * inherits the base and adds or overrides tokens set by set. A workspace that never saved
 * its base starts from the sample system (nothing is stored until the first change).
 */
export type EffectiveSystem = {
  doc: DesignSystemDoc;
  /** Per token, keyed `set/path` (see statusKey): inherited from the base, overridden by the project, or its own. */
  status: Map<string, TokenStatus>;
  themes: string[];
};

export const statusKey = (set: string, path: string) => `${set}/${path}`;

/** The stored base and project documents of a scope (the base's default when none was saved). */
export async function scopeDocs(tx: Db, member: MemberContext, projectId: string | null) {
  const project = await findProject(tx, member, projectId);
  const baseRow = await systemRow(tx, member, null);
  const base = baseRow?.document ?? sampleSystem();
  const projectRow = project ? await systemRow(tx, member, project.id) : null;
  return { project, base, baseRow, overlay: project ? (projectRow?.document ?? EMPTY_DOC) : null, projectRow };
}

/** The effective system of the workspace (projectId null) or of one of its projects (404 for another workspace's). */
export async function effectiveSystem(member: MemberContext, projectId: string | null): Promise<EffectiveSystem> {
  assertCan(member, "design.view");
  const { base, overlay } = await scopeDocs(db(), member, projectId);
  return effectiveOf(base, overlay);
}

export function effectiveOf(base: DesignSystemDoc, overlay: DesignSystemDoc | null): EffectiveSystem {
  const { doc, status } = mergeDocs(base, overlay ?? EMPTY_DOC, overlay === null);
  return { doc, status, themes: doc.themes.map((t) => t.name) };
}
