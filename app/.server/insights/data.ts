import { and, asc, eq, gte, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { ForecastHistory } from "~/lib/forecast";
import type { Priority, StateGroup } from "~/lib/board";
import { CLOSED_STATE_GROUPS } from "~/lib/board";
import { percentile } from "../analytics/cycle-time";
import { addDays, DAY_MS, dayOf, startOfDay } from "../analytics/days";
import { throughputHistory } from "../analytics/forecast";
import { rowsOf, schema, type Db } from "../db";

/**
 * What the insight rules read (./rules.ts), loaded in a fixed number of queries per call
 * (plus two per project with an active cycle, for its forecast). The rules are pure
 * functions of this, so each is tested with a hand-built fixture.
 */
const { boardColumns, cardAssignees, cardTransitions, cards, memberships, projects, users, cycles, cycleCards, cardDependencies } = schema;

export type InsightCard = {
  id: string;
  projectId: string;
  number: number;
  title: string;
  priority: Priority;
  dueDate: string | null;
  columnId: string;
  stateGroup: StateGroup;
  createdAt: Date;
  /** Started cards only: the latest of its last edit, move or activity entry. */
  lastActivityAt: Date | null;
  assigneeIds: string[];
};

export type InsightCycle = {
  id: string;
  projectId: string;
  name: string;
  startsOn: string;
  endsOn: string;
  /** Cards in it at the end of its first day. */
  scopeAtStart: number;
  /** Cards that joined after its first day and are still in. */
  addedCardIds: string[];
  /** Cards in it now that are not completed or cancelled. */
  remaining: number;
  /** Cards in it now. */
  scopeNow: number;
};

export type InsightData = {
  now: Date;
  today: string;
  projects: { id: string; name: string; firstActivityAt: Date | null }[];
  columns: { id: string; projectId: string; name: string; stateGroup: StateGroup; wipLimit: number | null }[];
  /** Cards not in a completed or cancelled column. */
  openCards: InsightCard[];
  /** Members who can be given work (not viewers), with their names. */
  team: { id: string; name: string }[];
  /** Per project: the 85th percentile cycle time in days of cards finished in the last 90 days (null: none). */
  cycleP85: Map<string, number | null>;
  /** Per project: cards finished in each of the last nine 7-day windows, oldest first (the last is this week). */
  weekly: Map<string, number[]>;
  /** Per project with an active cycle: its recent weekly throughput (the forecast's history). */
  history: Map<string, ForecastHistory>;
  /** "blocker blocks blocked", both cards open. */
  dependencies: { projectId: string; blockerId: string; blockedId: string }[];
  cycles: InsightCycle[];
  /** Open cards of one project with similar titles (pg_trgm), one row per pair. */
  duplicates: { projectId: string; aId: string; bId: string; similarity: number }[];
};

/** How similar two titles must be (pg_trgm similarity, 0 to 1) to be a possible duplicate. */
export const DUPLICATE_SIMILARITY = 0.6;
/** Only cards created this recently are compared with the project's other open cards. */
const DUPLICATE_WINDOW_DAYS = 14;

let trigram: Promise<boolean> | undefined;
function hasTrigram(tx: Db): Promise<boolean> {
  trigram ??= tx
    .execute(sql`select 1 from pg_extension where extname = 'pg_trgm'`)
    .then((r) => rowsOf(r).length > 0)
    .catch(() => {
      trigram = undefined;
      return false;
    });
  return trigram;
}

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

export function emptyInsightData(now: Date): InsightData {
  return {
    now,
    today: dayOf(now),
    projects: [],
    columns: [],
    openCards: [],
    team: [],
    cycleP85: new Map(),
    weekly: new Map(),
    history: new Map(),
    dependencies: [],
    cycles: [],
    duplicates: [],
  };
}

export async function loadInsightData(tx: Db, opts: { workspaceId: string; projectId?: string; now: Date }): Promise<InsightData> {
  const ws = opts.workspaceId;
  const now = opts.now;
  const today = dayOf(now);
  const projectRows = await tx
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.workspaceId, ws), isNull(projects.archivedAt), opts.projectId ? eq(projects.id, opts.projectId) : undefined))
    .orderBy(asc(projects.name));
  const ids = projectRows.map((p) => p.id);
  if (ids.length === 0) return emptyInsightData(now);

  const [columns, openRows, assigneeRows, team, finished, weeklyRows, firsts] = await Promise.all([
    tx
      .select({
        id: boardColumns.id,
        projectId: boardColumns.projectId,
        name: boardColumns.name,
        stateGroup: boardColumns.stateGroup,
        wipLimit: boardColumns.wipLimit,
      })
      .from(boardColumns)
      .where(and(eq(boardColumns.workspaceId, ws), inArray(boardColumns.projectId, ids)))
      .orderBy(asc(boardColumns.projectId), asc(boardColumns.position), asc(boardColumns.id)),
    tx
      .select({
        id: cards.id,
        projectId: cards.projectId,
        number: cards.number,
        title: cards.title,
        priority: cards.priority,
        dueDate: cards.dueDate,
        columnId: cards.columnId,
        stateGroup: boardColumns.stateGroup,
        createdAt: cards.createdAt,
        lastActivityAt: sql<string | null>`case when ${boardColumns.stateGroup} = 'started' then greatest(
          ${cards.updatedAt},
          (select max(t.at) from card_transitions t where t.card_id = ${cards.id}),
          (select max(a.created_at) from activity a where a.card_id = ${cards.id})
        ) end`,
      })
      .from(cards)
      .innerJoin(boardColumns, eq(boardColumns.id, cards.columnId))
      .where(and(eq(cards.workspaceId, ws), inArray(cards.projectId, ids), notInArray(boardColumns.stateGroup, [...CLOSED_STATE_GROUPS]))),
    tx
      .select({ cardId: cardAssignees.cardId, userId: cardAssignees.userId })
      .from(cardAssignees)
      .where(and(eq(cardAssignees.workspaceId, ws), inArray(cardAssignees.projectId, ids))),
    tx
      .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.email})` })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, ws), sql`${memberships.role} <> 'viewer'`))
      .orderBy(asc(users.fullName)),
    tx
      .select({
        projectId: cards.projectId,
        days: sql<number>`extract(epoch from (${cards.completedAt} - ${cards.startedAt})) / 86400`.mapWith(Number),
      })
      .from(cards)
      .where(
        and(
          eq(cards.workspaceId, ws),
          inArray(cards.projectId, ids),
          gte(cards.completedAt, new Date(now.getTime() - 90 * DAY_MS)),
          sql`${cards.startedAt} is not null and ${cards.completedAt} >= ${cards.startedAt}`,
        ),
      ),
    tx
      .select({
        projectId: cardTransitions.projectId,
        window: sql<number>`floor(extract(epoch from (${now.toISOString()}::timestamptz - ${cardTransitions.at})) / 604800)`.mapWith(
          Number,
        ),
        n: sql<number>`count(distinct ${cardTransitions.cardId})`.mapWith(Number),
      })
      .from(cardTransitions)
      .where(
        and(
          eq(cardTransitions.workspaceId, ws),
          inArray(cardTransitions.projectId, ids),
          eq(cardTransitions.toStateGroup, "completed"),
          sql`${cardTransitions.fromStateGroup} is distinct from 'completed'`,
          gte(cardTransitions.at, new Date(now.getTime() - 63 * DAY_MS)),
          sql`${cardTransitions.at} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .groupBy(cardTransitions.projectId, sql`2`),
    // The first transition of each project (one index probe per project).
    tx.execute(sql`select p.id as project_id, (select min(t.at) from card_transitions t where t.project_id = p.id) as first
      from projects p where p.id in (${uuidList(ids)})`),
  ]);

  const assignees = new Map<string, string[]>();
  for (const a of assigneeRows) assignees.set(a.cardId, [...(assignees.get(a.cardId) ?? []), a.userId]);
  const openCards: InsightCard[] = openRows.map((c) => ({
    ...c,
    lastActivityAt: c.lastActivityAt ? new Date(c.lastActivityAt) : null,
    assigneeIds: (assignees.get(c.id) ?? []).sort(),
  }));
  const firstBy = new Map(
    rowsOf<{ project_id: string; first: string | Date | null }>(firsts).map((r) => [r.project_id, r.first ? new Date(r.first) : null]),
  );
  const cycleP85 = new Map<string, number | null>();
  const weekly = new Map<string, number[]>();
  for (const id of ids) {
    const days = finished.filter((f) => f.projectId === id).map((f) => Math.round(f.days * 10) / 10);
    cycleP85.set(id, percentile(days, 85));
    const w = Array.from({ length: 9 }, () => 0);
    for (const r of weeklyRows) if (r.projectId === id && r.window >= 0 && r.window < 9) w[8 - r.window] = r.n;
    weekly.set(id, w);
  }

  const open = new Map(openCards.map((c) => [c.id, c]));
  const [dependencies, cycleData, duplicates] = await Promise.all([
    tx
      .select({
        projectId: cardDependencies.projectId,
        blockerId: cardDependencies.blockerCardId,
        blockedId: cardDependencies.blockedCardId,
      })
      .from(cardDependencies)
      .where(and(eq(cardDependencies.workspaceId, ws), inArray(cardDependencies.projectId, ids)))
      .then((rows) => rows.filter((d) => open.has(d.blockerId) && open.has(d.blockedId))),
    loadCycles(tx, ws, ids, today),
    loadDuplicates(tx, ws, ids, now, open),
  ]);
  const history = new Map<string, ForecastHistory>();
  for (const projectId of new Set(cycleData.map((c) => c.projectId)))
    history.set(projectId, await throughputHistory(tx, { workspaceId: ws, projectId }, now));

  return {
    now,
    today,
    projects: projectRows.map((p) => ({ ...p, firstActivityAt: firstBy.get(p.id) ?? null })),
    columns,
    openCards,
    team,
    cycleP85,
    weekly,
    history,
    dependencies,
    cycles: cycleData,
    duplicates,
  };
}

/** Cycles under way today (started, not past their end, not closed) and their scope. */
async function loadCycles(tx: Db, ws: string, ids: string[], today: string): Promise<InsightCycle[]> {
  const list = await tx
    .select({ id: cycles.id, projectId: cycles.projectId, name: cycles.name, startsOn: cycles.startsOn, endsOn: cycles.endsOn })
    .from(cycles)
    .where(
      and(
        eq(cycles.workspaceId, ws),
        inArray(cycles.projectId, ids),
        isNull(cycles.closedAt),
        sql`${cycles.startsOn} <= ${today}::date and ${cycles.endsOn} >= ${today}::date`,
      ),
    )
    .orderBy(asc(cycles.startsOn));
  if (list.length === 0) return [];
  const members = await tx
    .select({
      cycleId: cycleCards.cycleId,
      cardId: cycleCards.cardId,
      addedAt: cycleCards.addedAt,
      removedAt: cycleCards.removedAt,
      stateGroup: boardColumns.stateGroup,
    })
    .from(cycleCards)
    .innerJoin(cards, eq(cards.id, cycleCards.cardId))
    .innerJoin(boardColumns, eq(boardColumns.id, cards.columnId))
    .where(
      and(
        eq(cycleCards.workspaceId, ws),
        inArray(
          cycleCards.cycleId,
          list.map((c) => c.id),
        ),
      ),
    );
  return list.map((c) => {
    const firstDayEnd = startOfDay(addDays(c.startsOn, 1)).getTime();
    const rows = members.filter((m) => m.cycleId === c.id);
    const atStart = new Set(
      rows.filter((m) => m.addedAt.getTime() < firstDayEnd && (!m.removedAt || m.removedAt.getTime() >= firstDayEnd)).map((m) => m.cardId),
    );
    const current = rows.filter((m) => !m.removedAt);
    return {
      ...c,
      scopeAtStart: atStart.size,
      addedCardIds: current
        .filter((m) => !atStart.has(m.cardId))
        .map((m) => m.cardId)
        .sort(),
      remaining: current.filter((m) => !(CLOSED_STATE_GROUPS as readonly string[]).includes(m.stateGroup)).length,
      scopeNow: current.length,
    };
  });
}

/** Pairs of open cards with similar titles; each recent card is compared through the trigram index. */
async function loadDuplicates(tx: Db, ws: string, ids: string[], now: Date, open: Map<string, InsightCard>) {
  if (!(await hasTrigram(tx))) return [];
  const since = new Date(now.getTime() - DUPLICATE_WINDOW_DAYS * DAY_MS).toISOString();
  // The trigram index is asked with the rule's own threshold (not pg_trgm's default 0.3), so it
  // prunes to near matches; only the 50 newest cards are compared (bench:insights: 200 cost about 5 s at 10,000 look-alike titles).
  const rows = await tx.transaction(async (t) => {
    await t.execute(sql`select set_config('pg_trgm.similarity_threshold', ${String(DUPLICATE_SIMILARITY)}, true)`);
    return rowsOf<{ project_id: string; a_id: string; b_id: string; sim: number }>(
      await t.execute(sql`
        select a.project_id, a.id as a_id, b.id as b_id, similarity(lower(a.title), lower(b.title)) as sim
        from (select id, workspace_id, project_id, title from cards
              where workspace_id = ${ws} and project_id in (${uuidList(ids)}) and created_at >= ${since}::timestamptz
              order by created_at desc limit 50) a
        join cards b on b.workspace_id = a.workspace_id and b.project_id = a.project_id and b.id <> a.id
          and lower(b.title) % lower(a.title)
        where similarity(lower(a.title), lower(b.title)) >= ${DUPLICATE_SIMILARITY}
        order by sim desc
        limit 200`),
    );
  });
  const seen = new Set<string>();
  const out: InsightData["duplicates"] = [];
  for (const r of rows) {
    if (!open.has(r.a_id) || !open.has(r.b_id)) continue;
    const [aId, bId] = [r.a_id, r.b_id].sort() as [string, string];
    if (seen.has(`${aId}|${bId}`)) continue;
    seen.add(`${aId}|${bId}`);
    out.push({ projectId: r.project_id, aId, bId, similarity: Math.round(Number(r.sim) * 100) / 100 });
  }
  return out;
}
