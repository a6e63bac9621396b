import { db } from "../db";
import { planOf, readOnlyMessage, readOnlyReasonNow, storageUsedBytes, usageOf } from "./limits";

/**
 * The workspace's standing as the pages show it: its plan, what it uses of the plan's limits,
 * and whether it is read-only. Reads outside any write, on the process's database handle;
 * writes check the same limits (limits.ts) inside their own transaction.
 */

/** The plan, and the projects and seats in use. */
export async function planUsage(workspaceId: string) {
  const [plan, usage] = await Promise.all([planOf(db(), workspaceId), usageOf(db(), workspaceId)]);
  return { plan, usage };
}

/** The bytes the workspace stores (attachments and wireframe images). */
export const storageUsed = (workspaceId: string): Promise<number> => storageUsedBytes(db(), workspaceId);

/** The shell's read-only notice (billing's own page links to itself), or null when the workspace may be changed. */
export async function readOnlyNotice(workspace: { id: string; trialEndsAt: Date | null }): Promise<string | null> {
  const reason = await readOnlyReasonNow(workspace.id, workspace.trialEndsAt);
  return reason ? readOnlyMessage(reason).replace(" (/billing)", "") : null;
}
