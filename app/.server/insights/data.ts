import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { ForecastHistory } from "~/lib/forecast";
import type { Priority, StateGroup } from "~/lib/board";
import { CLOSED_STATE_GROUPS } from "~/lib/board";
import { addDays, DAY_MS, dayOf, startOfDay } from "../analytics/days";
import { throughputHistory } from "../analytics/forecast";
import { rowsOf, schema, type Db } from "../db";
import { groupBy } from "./group-by";
import { similarPairs } from "./trigrams";

/**
 * What the insight rules read (./rules.ts), loaded in a fixed number of queries per call
 * (plus two per project with an active cycle, for its forecast). The rules are pure
 * functions of this, so each is tested with a hand-built fixture.
 */
const { boardColumns, cards, memberships, projects, users, cycles, cycleCards, cardDependencies } = schema;

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
  /** Open cards of one project with similar titles (pg_trgm's similarity, ./trigrams.ts), one row per pair, most similar first. */
  duplicates: { projectId: string; aId: string; bId: string; similarity: number }[];
};

/** How similar two titles must be (pg_trgm similarity, 0 to 1) to be a possible duplicate. */
export const DUPLICATE_SIMILARITY = 0.6;
/** Only open cards created this recently are compared with the project's other open cards, */
const DUPLICATE_WINDOW_DAYS = 14;
/** at most this many of them (the newest), */
const DUPLICATE_PROBES = 50;
/** and the most similar pairs kept (the rule shows a few per project). */
const DUPLICATE_PAIRS_MAX = 200;

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

/** An open card as the query's JSON array holds it (times in epoch milliseconds). */
type OpenCardRow = [
  id: string,
  projectId: string,
  number: number,
  title: string,
  priority: Priority,
  dueDate: string | null,
  columnId: string,
  stateGroup: StateGroup,
  createdAt: number,
  lastActivityAt: number | null,
  assigneeIds: string[],
];

export async function loadInsightData(
  tx: Db,
  opts: { workspaceId: string; projectId?: string; projectIds?: string[]; now: Date },
): Promise<InsightData> {
  const ws = opts.workspaceId;
  const now = opts.now;
  const today = dayOf(now);
  const projectRows = await tx
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(
      and(
        eq(projects.workspaceId, ws),
        isNull(projects.archivedAt),
        opts.projectId ? eq(projects.id, opts.projectId) : undefined,
        opts.projectIds ? inArray(projects.id, opts.projectIds) : undefined,
      ),
    )
    .orderBy(asc(projects.name));
  const ids = projectRows.map((p) => p.id);
  if (ids.length === 0) return emptyInsightData(now);

  const [columns, openRows, team, finished, weeklyRows, firsts] = await Promise.all([
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
    // The open cards as one JSON text: the embedded database parses a result row by row, column
    // by column, and 4,000 rows of eleven columns cost more than the query (bench:insights).
    tx
      .execute(
        sql`select coalesce(json_agg(json_build_array(c.id, c.project_id, c.number, c.title, c.priority, c.due_date, c.column_id,
            b.state_group, floor(extract(epoch from c.created_at) * 1000),
            case when b.state_group = 'started' then floor(extract(epoch from greatest(
              c.updated_at,
              (select max(t.at) from card_transitions t where t.card_id = c.id),
              (select max(a.created_at) from activity a where a.card_id = c.id)
            )) * 1000) end,
            -- One probe of card_assignees' primary key per open card (reading the project's
            -- assignees apart read those of every finished card too).
            coalesce((select json_agg(ca.user_id) from card_assignees ca where ca.card_id = c.id), '[]'::json)
          ))::text, '[]') as cards
          from cards c join board_columns b on b.id = c.column_id
          where c.workspace_id = ${ws} and c.project_id in (${uuidList(ids)})
            and b.state_group not in (${sql.join(
              CLOSED_STATE_GROUPS.map((g) => sql`${g}`),
              sql`, `,
            )})`,
      )
      .then((r) => JSON.parse(rowsOf<{ cards: string }>(r)[0]?.cards ?? "[]") as OpenCardRow[]),
    tx
      .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.fullName}, ''), ${users.email})` })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.workspaceId, ws), sql`${memberships.role} <> 'viewer'`))
      .orderBy(asc(users.fullName)),
    // The 85th percentile by nearest rank (percentile_disc: the same rank as ../analytics/cycle-time.ts'
    // percentile), of the days unrounded: rounding after picking gives what picking among rounded values does.
    // A tie on a tenth of a day is a whole number of seconds, exact in double precision as in numeric.
    tx
      .select({
        projectId: cards.projectId,
        p85: sql<
          string | number | null
        >`percentile_disc(0.85) within group (order by date_part('epoch', ${cards.completedAt} - ${cards.startedAt}) / 86400)`,
      })
      .from(cards)
      .where(
        and(
          eq(cards.workspaceId, ws),
          inArray(cards.projectId, ids),
          gte(cards.completedAt, new Date(now.getTime() - 90 * DAY_MS)),
          sql`${cards.startedAt} is not null and ${cards.completedAt} >= ${cards.startedAt}`,
        ),
      )
      .groupBy(cards.projectId),
    // Cards (each once) per project and window: distinct rows first, then counted (a hash, not a
    // sort per group), in double precision (whole seconds and microseconds are exact there).
    tx
      .execute(
        sql`select project_id, "window", count(*)::int as n from (
          select distinct project_id, floor(date_part('epoch', ${now.toISOString()}::timestamptz - at) / 604800) as "window", card_id
          from card_transitions
          where workspace_id = ${ws} and project_id in (${uuidList(ids)}) and to_state_group = 'completed'
            and from_state_group is distinct from 'completed'
            and at >= ${new Date(now.getTime() - 63 * DAY_MS).toISOString()}::timestamptz and at <= ${now.toISOString()}::timestamptz
        ) x group by project_id, "window"`,
      )
      .then((r) =>
        rowsOf<{ project_id: string; window: string | number; n: number }>(r).map((x) => ({
          projectId: x.project_id,
          window: Number(x.window),
          n: Number(x.n),
        })),
      ),
    // The first transition of each project (one index probe per project).
    tx.execute(sql`select p.id as project_id, (select min(t.at) from card_transitions t where t.project_id = p.id) as first
      from projects p where p.id in (${uuidList(ids)})`),
  ]);

  const openCards: InsightCard[] = openRows.map(
    ([id, projectId, number, title, priority, dueDate, columnId, stateGroup, createdAt, lastActivityAt, assigneeIds]) => ({
      id,
      projectId,
      number,
      title,
      priority,
      dueDate,
      columnId,
      stateGroup,
      createdAt: new Date(createdAt),
      lastActivityAt: lastActivityAt === null ? null : new Date(lastActivityAt),
      assigneeIds: assigneeIds.sort(),
    }),
  );
  const firstBy = new Map(
    rowsOf<{ project_id: string; first: string | Date | null }>(firsts).map((r) => [r.project_id, r.first ? new Date(r.first) : null]),
  );
  const cycleP85 = new Map<string, number | null>();
  const weekly = new Map<string, number[]>();
  for (const id of ids) {
    const p85 = finished.find((f) => f.projectId === id)?.p85;
    cycleP85.set(id, p85 === null || p85 === undefined ? null : Math.round(Number(p85) * 10) / 10);
    const w = Array.from({ length: 9 }, () => 0);
    for (const r of weeklyRows) if (r.projectId === id && r.window >= 0 && r.window < 9) w[8 - r.window] = r.n;
    weekly.set(id, w);
  }

  const open = new Map(openCards.map((c) => [c.id, c]));
  const [dependencies, cycleData] = await Promise.all([
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
  ]);
  const duplicates = findDuplicates(openCards, now);
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

/**
 * Pairs of open cards of one project with similar titles (pg_trgm's similarity, computed in
 * process by ./trigrams.ts from the titles already loaded): each open card created in the last
 * DUPLICATE_WINDOW_DAYS (the DUPLICATE_PROBES newest) against every open card of its project.
 * The database's trigram index cannot prune a board of look-alike titles ("Fix the login …"):
 * asked for 200 cards at 10,000 cards it took about 4.8 s (bench:insights); this takes
 * milliseconds and needs no extension.
 */
function findDuplicates(openCards: InsightCard[], now: Date): InsightData["duplicates"] {
  const since = now.getTime() - DUPLICATE_WINDOW_DAYS * DAY_MS;
  const out: InsightData["duplicates"] = [];
  for (const list of groupBy(openCards, (c) => c.projectId).values()) {
    const probes = list
      .map((c, k) => ({ c, k }))
      .filter(({ c }) => c.createdAt.getTime() >= since)
      .sort((a, b) => b.c.createdAt.getTime() - a.c.createdAt.getTime() || b.c.number - a.c.number)
      .slice(0, DUPLICATE_PROBES)
      .map(({ k }) => k);
    if (probes.length === 0) continue;
    for (const p of similarPairs(
      list.map((c) => c.title),
      probes,
      DUPLICATE_SIMILARITY,
    )) {
      const [aId, bId] = [list[p.i]!.id, list[p.j]!.id].sort() as [string, string];
      out.push({ projectId: list[0]!.projectId, aId, bId, similarity: Math.round(p.similarity * 100) / 100 });
    }
  }
  return out
    .sort((a, b) => b.similarity - a.similarity || a.aId.localeCompare(b.aId) || a.bId.localeCompare(b.bId))
    .slice(0, DUPLICATE_PAIRS_MAX);
}
