import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { StateGroup } from "~/lib/board";
import { rowsOf, schema, type Db } from "../db";
import type { EstimateChange } from "./estimate-history";

/**
 * A project's transition log as the flow metrics and the daily snapshots replay it: every row
 * before `before`, in order (time, then id). Read as one text value that Postgres builds and
 * JavaScript splits: the same rows, but on the embedded database 100,000 of them cost about a
 * third of reading them as rows (bench:insights). Times are whole milliseconds, as a Date holds them.
 */
export type LogEntry = {
  cardId: string;
  toColumnId: string | null;
  fromStateGroup: StateGroup | null;
  toStateGroup: StateGroup | null;
  at: Date;
};

export async function readLog(tx: Db, scope: { workspaceId?: string; projectId: string }, before: Date): Promise<LogEntry[]> {
  const [row] = rowsOf<{ log: string | null }>(
    await tx.execute(sql`
      select string_agg(card_id::text || ',' || coalesce(to_column_id::text, '') || ',' || coalesce(from_state_group, '') || ','
          || coalesce(to_state_group, '') || ',' || floor(extract(epoch from at) * 1000)::bigint, ';' order by at, id) as log
      from card_transitions
      where project_id = ${scope.projectId} ${scope.workspaceId ? sql`and workspace_id = ${scope.workspaceId}` : sql``}
        and at < ${before.toISOString()}::timestamptz`),
  );
  if (!row?.log) return [];
  return row.log.split(";").map((line) => {
    const [cardId, toColumnId, from, to, ms] = line.split(",") as [string, string, string, string, string];
    return {
      cardId,
      toColumnId: toColumnId || null,
      fromStateGroup: (from || null) as StateGroup | null,
      toStateGroup: (to || null) as StateGroup | null,
      at: new Date(Number(ms)),
    };
  });
}

/** A project's estimate changes before `before`, in order (time, then id): far fewer than its transitions, read as rows. */
export async function readEstimateChanges(
  tx: Db,
  scope: { workspaceId: string; projectId: string },
  before: Date,
): Promise<EstimateChange[]> {
  const { cardEstimateChanges: e } = schema;
  return tx
    .select({ cardId: e.cardId, points: e.points, at: e.at })
    .from(e)
    .where(and(eq(e.workspaceId, scope.workspaceId), eq(e.projectId, scope.projectId), lt(e.at, before)))
    .orderBy(asc(e.at), asc(e.id));
}
