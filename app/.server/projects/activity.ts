import { and, desc, eq, lt } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { db, schema, type Db } from "../db";

const { activity, users, cards, projects } = schema;

export type ActivityInput = {
  workspaceId: string;
  projectId: string | null;
  cardId?: string | null;
  actorId: string | null;
  action: string;
  field?: string | null;
  oldValue?: unknown;
  newValue?: unknown;
};

/** Every change to a card or project is one row: who, what field, old, new, when. */
export async function recordActivity(tx: Db, entry: ActivityInput | ActivityInput[]) {
  const rows = (Array.isArray(entry) ? entry : [entry]).map((e) => ({
    workspaceId: e.workspaceId,
    projectId: e.projectId,
    cardId: e.cardId ?? null,
    actorId: e.actorId,
    action: e.action,
    field: e.field ?? null,
    oldValue: e.oldValue === undefined ? null : e.oldValue,
    newValue: e.newValue === undefined ? null : e.newValue,
  }));
  if (rows.length) await tx.insert(activity).values(rows);
}

export type ActivityItem = {
  id: number;
  action: string;
  field: string | null;
  oldValue: unknown;
  newValue: unknown;
  createdAt: Date;
  actorName: string | null;
  actorEmail: string | null;
  actorId: string | null;
  cardId: string | null;
  cardTitle: string | null;
  cardNumber: number | null;
  projectId: string | null;
  projectName: string | null;
};

export async function listActivity(
  workspaceId: string,
  filter: { projectId?: string; cardId?: string; actorId?: string; before?: number; limit?: number } = {},
): Promise<ActivityItem[]> {
  // An id from a URL (`?task=…`) may be anything: one that is not a UUID matches nothing (rather than failing the query).
  if ([filter.projectId, filter.cardId, filter.actorId].some((id) => id !== undefined && id !== "" && !isUuid(id))) return [];
  return db()
    .select({
      id: activity.id,
      action: activity.action,
      field: activity.field,
      oldValue: activity.oldValue,
      newValue: activity.newValue,
      createdAt: activity.createdAt,
      actorName: users.fullName,
      actorEmail: users.email,
      actorId: activity.actorId,
      cardId: activity.cardId,
      cardTitle: cards.title,
      cardNumber: cards.number,
      projectId: activity.projectId,
      projectName: projects.name,
    })
    .from(activity)
    .leftJoin(users, eq(users.id, activity.actorId))
    .leftJoin(cards, and(eq(cards.id, activity.cardId), eq(cards.workspaceId, workspaceId)))
    .leftJoin(projects, and(eq(projects.id, activity.projectId), eq(projects.workspaceId, workspaceId)))
    .where(
      and(
        eq(activity.workspaceId, workspaceId),
        filter.projectId ? eq(activity.projectId, filter.projectId) : undefined,
        filter.cardId ? eq(activity.cardId, filter.cardId) : undefined,
        filter.actorId ? eq(activity.actorId, filter.actorId) : undefined,
        filter.before ? lt(activity.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(activity.id))
    .limit(Math.min(filter.limit ?? 30, 200));
}
