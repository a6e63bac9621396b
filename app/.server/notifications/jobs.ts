import { and, eq, gte, inArray, lte, notExists, notInArray, sql } from "drizzle-orm";
import { CLOSED_STATE_GROUPS } from "~/lib/board";
import { calendarDay } from "~/lib/dates";
import { addDays } from "../analytics/days";
import { schema, type Db } from "../db";
import { deliver, insertNotifications, sendDigests, type Inserted } from "./index";

/**
 * The daily notification jobs (run by app/.server/jobs in a transaction; mail and live
 * notices go out once it has committed). Each notification carries a dedupe key, so a
 * repeated run (another process, a retry) notifies nobody twice.
 */
const { cards, cardAssignees, boardColumns, workspaces, memberships, subscriptions, users } = schema;

/**
 * Cards due today or tomorrow, not finished, notify their assignees; "today" is the
 * assignee's own day in their time zone at the run (UTC for someone without one), so a card
 * due on Friday is "due today" on Friday where that person is.
 */
export async function dueSoon(tx: Db, today: string, now: Date = calendarDay() === today ? new Date() : new Date(`${today}T12:00:00Z`)) {
  const rows = await tx
    .select({
      cardId: cards.id,
      title: cards.title,
      projectId: cards.projectId,
      workspaceId: cards.workspaceId,
      dueDate: cards.dueDate,
      userId: cardAssignees.userId,
      timeZone: users.timeZone,
    })
    .from(cards)
    .innerJoin(cardAssignees, and(eq(cardAssignees.cardId, cards.id), eq(cardAssignees.workspaceId, cards.workspaceId)))
    .innerJoin(users, eq(users.id, cardAssignees.userId))
    .innerJoin(boardColumns, and(eq(boardColumns.id, cards.columnId), eq(boardColumns.workspaceId, cards.workspaceId)))
    .where(
      // Every zone's today and tomorrow lie within a day either side of UTC's.
      and(
        gte(cards.dueDate, addDays(today, -1)),
        lte(cards.dueDate, addDays(today, 2)),
        notInArray(boardColumns.stateGroup, [...CLOSED_STATE_GROUPS]),
      ),
    );
  const inserted: Inserted = [];
  for (const r of rows) {
    const local = calendarDay(now, r.timeZone);
    if (r.dueDate !== local && r.dueDate !== addDays(local, 1)) continue;
    inserted.push(
      ...(await insertNotifications(tx, {
        workspaceId: r.workspaceId,
        kind: "due_soon",
        actorId: null,
        recipients: [r.userId],
        title: `“${r.title}” is due ${r.dueDate === local ? "today" : "tomorrow"}`,
        url: `/projects/${r.projectId}?task=${r.cardId}`,
        projectId: r.projectId,
        cardId: r.cardId,
        dedupeKey: `due:${r.cardId}:${r.dueDate}`,
      })),
    );
  }
  return { afterCommit: () => deliver(inserted) };
}

/** Trials that end within 3 days, with no subscription, notify the owners. */
export async function trialEnding(tx: Db, today: string) {
  const now = new Date(`${today}T00:00:00Z`);
  const soon = new Date(now.getTime() + 3 * 86_400_000);
  const ending = await tx
    .select({ id: workspaces.id, name: workspaces.name, trialEndsAt: workspaces.trialEndsAt })
    .from(workspaces)
    .where(
      and(
        gte(workspaces.trialEndsAt, now),
        lte(workspaces.trialEndsAt, soon),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(subscriptions)
            .where(and(eq(subscriptions.workspaceId, workspaces.id), inArray(subscriptions.status, ["active", "trialing", "past_due"]))),
        ),
      ),
    );
  const inserted: Inserted = [];
  for (const w of ending) {
    const owners = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, w.id), eq(memberships.role, "owner")));
    const days = Math.max(0, Math.ceil((w.trialEndsAt!.getTime() - now.getTime()) / 86_400_000));
    inserted.push(
      ...(await insertNotifications(tx, {
        workspaceId: w.id,
        kind: "trial_ending",
        actorId: null,
        recipients: owners.map((o) => o.userId),
        title: `The free trial of ${w.name} ends in ${days} ${days === 1 ? "day" : "days"}`,
        excerpt: "Choose a plan to keep editing after the trial.",
        url: "/pricing",
        dedupeKey: `trial:${w.id}:${w.trialEndsAt!.toISOString().slice(0, 10)}`,
      })),
    );
  }
  return { afterCommit: () => deliver(inserted) };
}

/** The daily digest e-mails (sent after the run's transaction). */
export async function digest() {
  return { afterCommit: () => sendDigests() };
}
