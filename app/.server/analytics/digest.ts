import { and, asc, eq, gte, isNull, lt, notInArray } from "drizzle-orm";
import { CLOSED_STATE_GROUPS } from "~/lib/board";
import { runRules } from "../insights";
import { loadInsightData } from "../insights/data";
import { db, schema } from "../db";
import { shareCardTitles } from "../llm/settings";
import { llmConfig } from "../llm";
import { writeSummary } from "../llm/summary";
import { appLink, sendMail } from "../mail";
import { emailChoices, unsubscribeLink } from "../notifications";
import { addDays, startOfDay } from "./days";
import { forecastOnTime } from "./forecast";
import { weeklyDigestMail, type WeeklyDigest } from "./digest-mail";

/**
 * The weekly digest (issue 10): once per ISO week (the job runner's "week", across any
 * number of app processes), one e-mail per workspace member who has not turned "Weekly
 * digest" off in /settings: the last seven days' completed and started cards, the open
 * cards past their due date, the top insights and the forecast of each active cycle. With
 * a language model configured, a short written summary goes on top (from the numbers;
 * card titles only when the workspace allows them). Each mail carries the signed
 * one-click unsubscribe link for the "weekly_digest" kind.
 */
const { cards, boardColumns, projects, memberships, users, workspaces } = schema;

const LIST_MAX = 10;
const TOP_INSIGHTS = 5;

export function weeklyDigestJob(today: string) {
  return { afterCommit: () => sendWeeklyDigests(today) };
}

/** The digest's content for one workspace, for the week ending before `today` (UTC days). */
export async function workspaceDigest(workspaceId: string, today: string, now = startOfDay(today)): Promise<WeeklyDigest> {
  const since = startOfDay(addDays(today, -7));
  const until = startOfDay(today);
  const [ws] = await db().select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  const base = db()
    .select({
      id: cards.id,
      number: cards.number,
      title: cards.title,
      projectId: cards.projectId,
      project: projects.name,
      dueDate: cards.dueDate,
      completedAt: cards.completedAt,
      startedAt: cards.startedAt,
      stateGroup: boardColumns.stateGroup,
    })
    .from(cards)
    .innerJoin(projects, and(eq(projects.id, cards.projectId), eq(projects.workspaceId, workspaceId), isNull(projects.archivedAt)))
    .innerJoin(boardColumns, and(eq(boardColumns.id, cards.columnId), eq(boardColumns.workspaceId, workspaceId)));
  const [completed, started, overdue] = await Promise.all([
    base
      .where(and(eq(cards.workspaceId, workspaceId), gte(cards.completedAt, since), lt(cards.completedAt, until)))
      .orderBy(asc(cards.completedAt)),
    db()
      .select({ id: cards.id, number: cards.number, title: cards.title, projectId: cards.projectId, project: projects.name })
      .from(cards)
      .innerJoin(projects, and(eq(projects.id, cards.projectId), eq(projects.workspaceId, workspaceId), isNull(projects.archivedAt)))
      .where(and(eq(cards.workspaceId, workspaceId), gte(cards.startedAt, since), lt(cards.startedAt, until)))
      .orderBy(asc(cards.startedAt)),
    db()
      .select({
        id: cards.id,
        number: cards.number,
        title: cards.title,
        projectId: cards.projectId,
        project: projects.name,
        dueDate: cards.dueDate,
      })
      .from(cards)
      .innerJoin(projects, and(eq(projects.id, cards.projectId), eq(projects.workspaceId, workspaceId), isNull(projects.archivedAt)))
      .innerJoin(boardColumns, and(eq(boardColumns.id, cards.columnId), eq(boardColumns.workspaceId, workspaceId)))
      .where(
        and(eq(cards.workspaceId, workspaceId), lt(cards.dueDate, today), notInArray(boardColumns.stateGroup, [...CLOSED_STATE_GROUPS])),
      )
      .orderBy(asc(cards.dueDate)),
  ]);
  const data = await loadInsightData(db(), { workspaceId, now });
  const insights = runRules(data).slice(0, TOP_INSIGHTS);
  const projectName = new Map(data.projects.map((p) => [p.id, p.name]));
  const cycles = data.cycles
    .filter((c) => c.startsOn <= today && today <= c.endsOn)
    .map((c) => {
      const history = data.history.get(c.projectId);
      const f = history ? forecastOnTime(c.remaining, c.endsOn, history, now) : null;
      return {
        name: c.name,
        project: projectName.get(c.projectId) ?? "",
        endsOn: c.endsOn,
        remaining: c.remaining,
        scope: c.scopeNow,
        probability: f?.status === "ok" ? f.probability : null,
        note: f && f.status !== "ok" ? f.message : null,
        href: `/analytics?project=${c.projectId}#forecast`,
      };
    });
  const cardLine = (c: { id: string; number: number; title: string; projectId: string; project: string }) => ({
    title: `#${c.number} ${c.title}`,
    project: c.project,
    href: `/projects/${c.projectId}?task=${c.id}`,
  });
  return {
    workspace: ws?.name ?? "your workspace",
    from: addDays(today, -7),
    to: addDays(today, -1),
    completed: { count: completed.length, cards: completed.slice(0, LIST_MAX).map(cardLine) },
    started: { count: started.length, cards: started.slice(0, LIST_MAX).map(cardLine) },
    overdue: { count: overdue.length, cards: overdue.slice(0, LIST_MAX).map((c) => ({ ...cardLine(c), due: c.dueDate })) },
    insights: insights.map((i) => ({ title: i.title, severity: i.severity, action: i.action, href: i.evidence[0]?.href ?? "/analytics" })),
    cycles,
    summary: null,
  };
}

/** The rule engine's words for the digest's numbers (also the model's fallback). */
export function digestRuleText(d: WeeklyDigest): string {
  const parts = [
    `Last week ${d.completed.count} ${d.completed.count === 1 ? "card was" : "cards were"} completed and ${d.started.count} started.`,
  ];
  if (d.overdue.count) parts.push(`${d.overdue.count} open ${d.overdue.count === 1 ? "card is" : "cards are"} overdue.`);
  const risky = d.cycles.filter((c) => c.probability !== null && c.probability < 0.7);
  if (risky.length) parts.push(`${risky.map((c) => c.name).join(", ")} may not finish on time.`);
  if (d.insights.length) parts.push(`Top of the list: ${d.insights[0]!.title.replace(/\.$/, "")}.`);
  return parts.join(" ");
}

/** The written summary on top (only with a language model configured). */
async function withSummary(workspaceId: string, d: WeeklyDigest): Promise<WeeklyDigest> {
  if (!llmConfig()) return d;
  const titles = await shareCardTitles(workspaceId);
  const facts = {
    week: { from: d.from, to: d.to },
    completed: d.completed.count,
    started: d.started.count,
    overdue: d.overdue.count,
    insights: d.insights.map((i) => (titles ? { severity: i.severity, title: i.title } : { severity: i.severity })),
    cycles: d.cycles.map((c) => ({
      ...(titles ? { name: c.name } : {}),
      remaining: c.remaining,
      scope: c.scope,
      endsOn: c.endsOn,
      onTimeProbability: c.probability,
    })),
    ...(titles ? { completedTitles: d.completed.cards.map((c) => c.title), overdueTitles: d.overdue.cards.map((c) => c.title) } : {}),
  };
  return { ...d, summary: await writeSummary(facts, digestRuleText(d)) };
}

/** Sends every workspace's digest to its members (those who did not opt out); returns how many mails went. */
export async function sendWeeklyDigests(today: string): Promise<number> {
  const rows = await db()
    .select({ workspaceId: memberships.workspaceId, userId: users.id, email: users.email, name: users.fullName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .orderBy(asc(memberships.workspaceId), asc(users.email));
  const byWorkspace = new Map<string, typeof rows>();
  for (const r of rows) byWorkspace.set(r.workspaceId, [...(byWorkspace.get(r.workspaceId) ?? []), r]);
  const choices = new Map(
    await Promise.all([...new Set(rows.map((r) => r.userId))].map(async (id) => [id, await emailChoices(id)] as const)),
  );
  let sent = 0;
  for (const [workspaceId, members] of byWorkspace) {
    const wanted = members.filter((m) => choices.get(m.userId)?.weekly_digest !== "off");
    if (wanted.length === 0) continue;
    const digest = await withSummary(workspaceId, await workspaceDigest(workspaceId, today));
    for (const m of wanted) {
      try {
        await sendMail(
          weeklyDigestMail({ to: m.email, name: m.name, digest, link: appLink, unsubscribe: unsubscribeLink(m.userId, "weekly_digest") }),
        );
        sent += 1;
      } catch (error) {
        console.error("[digest] weekly digest failed", error);
      }
    }
  }
  return sent;
}
