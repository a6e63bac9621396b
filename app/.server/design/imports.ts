import { parseImport } from "~/lib/design-tokens/interchange";
import type { DesignIssue, DesignSystemDoc } from "~/lib/design-tokens/types";
import { checkSystem } from "~/lib/design-tokens/validate";
import { db } from "../db";
import { UserError } from "../errors";
import type { MemberContext } from "../workspaces";
import { requireAccess } from "../access";
import { diffSystems, type SystemDiff } from "~/lib/design-tokens/diff";
import { effectiveOf, scopeDocs } from "./systems";
import { replaceSystem } from "./tokens";

/**
 * Import of a DTCG or Tokens Studio file (legacy `value`/`type` included) into a scope: it
 * replaces the scope's own sets and themes. The preview says what would be added, changed and
 * removed and writes nothing; a bad file is a 400 that says what is wrong and where.
 */
const where = (i: DesignIssue) => `${i.set ? `${i.set}: ` : ""}${i.path ? `${i.path}: ` : ""}${i.message}`;

function parsed(text: string): DesignSystemDoc {
  if (text.trim() === "") throw new UserError(400, "Choose a JSON file to import (DTCG or Tokens Studio).", "file");
  const result = parseImport(text);
  if (!result.ok) {
    const more = result.issues.length > 5 ? ` (and ${result.issues.length - 5} more)` : "";
    throw new UserError(
      400,
      `This file cannot be imported: ${result.issues.slice(0, 5).map(where).join("; ")}${more}. Nothing was changed.`,
      "file",
    );
  }
  return result.doc;
}

async function plan(member: MemberContext, projectId: string | null, text: string) {
  // A first answer before the file is parsed; the transaction that writes asks again.
  await requireAccess(db(), member, "token_set", "change");
  const doc = parsed(text);
  const { base, overlay } = await scopeDocs(db(), member, projectId);
  const before = effectiveOf(base, overlay).doc;
  const after = effectiveOf(overlay ? base : doc, overlay ? doc : null).doc;
  const issues = checkSystem(after);
  if (issues.length > 0) {
    throw new UserError(400, `This file cannot be imported: ${issues.slice(0, 5).map(where).join("; ")}. Nothing was changed.`, "file");
  }
  return { doc, diff: diffSystems(before, after) };
}

export type ImportPreview = { sets: string[]; themes: string[]; diff: SystemDiff };

/** What importing `text` would change (nothing is written). */
export async function previewImport(member: MemberContext, projectId: string | null, text: string): Promise<ImportPreview> {
  const { doc, diff } = await plan(member, projectId, text);
  return { sets: doc.sets.map((s) => s.name), themes: doc.themes.map((t) => t.name), diff };
}

/** Imports `text`, replacing the scope's own sets and themes (after the user confirmed the preview). */
export async function applyImport(member: MemberContext, projectId: string | null, text: string): Promise<void> {
  const { doc } = await plan(member, projectId, text);
  await replaceSystem(member, projectId, doc);
}
