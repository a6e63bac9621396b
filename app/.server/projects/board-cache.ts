import { and, eq } from "drizzle-orm";
import { db, schema } from "../db";
import { env } from "../env";
import { oncePerRead } from "../http/request-scope";

/**
 * The board's project-wide reads, kept in this process and keyed by the project's version
 * (issue 23, docs/decisions/031-board-reads-cached-by-version.md).
 *
 * Triggers bump `project_versions.version` in the same transaction as any write to what a
 * board shows (cards, columns, labels, assignees, counts, dependencies, cycles, activity,
 * members and their names: migration 0275), whoever wrote it. A request reads the version
 * once (one indexed row); a kept read made at that version answers, anything else reads
 * afresh. Two app processes behind one database each keep their own, and both see every
 * change, since the version lives in the database.
 *
 * The version is read before the data: a read that sees a version then sees data at least
 * as new, so a kept read is never older than its version says. Kept values are shared by
 * every request that finds them: callers never change them (frozen in tests to make sure).
 * Only reads the same for every member go here; what depends on the viewer (permissions,
 * their day for due dates) is applied after, or is part of the key.
 */

const { projectVersions } = schema;

type Entry = { version: number; value: unknown };

/** At most this many reads are kept (a 1,000-card board's cards are about 0.3 MB); the least recently used goes first. */
const MAX_ENTRIES = 96;
const entries = new Map<string, Entry>();
const freeze = process.env.NODE_ENV === "test";

/** The project's version in this workspace, once per request; null when it has none (no such project here). */
function projectVersion(workspaceId: string, projectId: string): Promise<number | null> {
  return oncePerRead(`project-version:${projectId}`, async () => {
    const [row] = await db()
      .select({ version: projectVersions.version })
      .from(projectVersions)
      .where(and(eq(projectVersions.projectId, projectId), eq(projectVersions.workspaceId, workspaceId)))
      .limit(1);
    return row ? Number(row.version) : null;
  });
}

/**
 * `read()`'s answer for this project as of its current version: kept from an earlier request
 * when the project has not changed since, else read now (and kept). `key` names the read and
 * everything else it depends on (filters, page sizes).
 */
export async function keptForProject<T>(workspaceId: string, projectId: string, key: string, read: () => Promise<T>): Promise<T> {
  if (env().READ_CACHE === "off") return read();
  const version = await projectVersion(workspaceId, projectId);
  if (version === null) return read();
  const id = `${workspaceId}/${projectId}/${key}`;
  const kept = entries.get(id);
  if (kept && kept.version === version) {
    // Most recently used last.
    entries.delete(id);
    entries.set(id, kept);
    return kept.value as T;
  }
  const value = await read();
  entries.delete(id);
  entries.set(id, { version, value: freeze ? deepFreeze(value) : value });
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return value;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
