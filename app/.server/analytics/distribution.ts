import { sql } from "drizzle-orm";
import { CLOSED_STATE_GROUPS, PRIORITIES, PRIORITY_LABELS } from "~/lib/board";
import { db, rowsOf, schema } from "../db";

/**
 * The open cards of a project (not in a completed or cancelled column) by assignee, label and
 * priority, for the distribution charts (./breakdown-charts.ts). A card with two assignees or
 * labels counts once for each; "Unassigned", "No label" and "No priority" come last.
 */
export type DistributionRow = { key: string; name: string; count: number };
export type Distribution = { open: number; assignee: DistributionRow[]; label: DistributionRow[]; priority: DistributionRow[] };

const { boardColumns, cardAssignees, cardLabels, cards, labels, users } = schema;

type Row = {
  kind: "total" | "priority" | "assignee" | "label" | "unassigned" | "unlabelled";
  key: string | null;
  name: string | null;
  n: number;
};

/** One query: the open cards are found once and counted six ways (on a 10,000-card board, six queries each found them again). */
export async function openDistribution(scope: { workspaceId: string; projectId: string }): Promise<Distribution> {
  const rows = rowsOf<Row>(
    await db().execute(sql`
      with open as materialized (
        select c.id, c.priority from ${cards} c
        join ${boardColumns} b on b.id = c.column_id
        where c.workspace_id = ${scope.workspaceId} and c.project_id = ${scope.projectId}
          and b.state_group not in (${sql.join(
            CLOSED_STATE_GROUPS.map((g) => sql`${g}`),
            sql`, `,
          )})),
      assigned as materialized (select a.card_id, a.user_id from ${cardAssignees} a join open o on o.id = a.card_id),
      labelled as materialized (select l.card_id, l.label_id from ${cardLabels} l join open o on o.id = l.card_id)
      select 'total' as kind, null as key, null as name, count(*)::int as n from open
      union all select 'priority', priority, null, count(*)::int from open group by priority
      union all select 'assignee', u.id::text, coalesce(nullif(u.full_name, ''), u.email), count(distinct a.card_id)::int
        from assigned a join ${users} u on u.id = a.user_id group by u.id, u.full_name, u.email
      union all select 'label', x.id::text, x.name, count(distinct l.card_id)::int
        from labelled l join ${labels} x on x.id = l.label_id group by x.id, x.name
      union all select 'unassigned', null, null, count(*)::int from open o where not exists (select 1 from assigned a where a.card_id = o.id)
      union all select 'unlabelled', null, null, count(*)::int from open o where not exists (select 1 from labelled l where l.card_id = o.id)`),
  );
  const of = (kind: Row["kind"]) => rows.filter((r) => r.kind === kind);
  const one = (kind: Row["kind"]) => Number(of(kind)[0]?.n ?? 0);
  const openCount = one("total");
  const unassigned = one("unassigned");
  const unlabelled = one("unlabelled");
  const sorted = (list: Row[]) =>
    list
      .map((r) => ({ key: r.key!, name: r.name ?? "", count: Number(r.n) }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const byPriority = of("priority");
  return {
    open: openCount,
    priority: PRIORITIES.map((p) => ({ key: p, name: PRIORITY_LABELS[p], count: Number(byPriority.find((r) => r.key === p)?.n ?? 0) })),
    assignee: [...sorted(of("assignee")), ...(unassigned ? [{ key: "none", name: "Unassigned", count: unassigned }] : [])],
    label: [...sorted(of("label")), ...(unlabelled ? [{ key: "none", name: "No label", count: unlabelled }] : [])],
  };
}
