import { and, eq, inArray, isNull } from "drizzle-orm";
import { cycleStatus } from "~/lib/cycles";
import { decodeMentions, mentionedIds } from "~/lib/mentions";
import { dayOf } from "../analytics/days";
import { schema, type Db } from "../db";
import { renderMarkdown } from "../markdown";
import type { ApiComment, ApiCycle, ApiMember } from "./schemas";
import { toApiComment, toApiCycle, toApiMember } from "./serialize";

// Comments, cycles and members as the API returns them, read in `d` (a change's own
// transaction) for the webhooks' payloads, as card-reads.ts reads cards. It imports no
// service, so the events' subscribers may use it without a cycle. Null: it is gone.

const { boardColumns, cards, comments, cycleCards, cycles, memberships, users } = schema;

export async function apiCommentIn(d: Db, workspaceId: string, commentId: string): Promise<ApiComment | null> {
  const [row] = await d
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), eq(comments.workspaceId, workspaceId)));
  if (!row) return null;
  const ids = mentionedIds(row.body);
  const named = ids.length
    ? await d.select({ id: users.id, name: users.fullName, email: users.email }).from(users).where(inArray(users.id, ids))
    : [];
  const names = new Map(named.map((r) => [r.id, r.name?.trim() || r.email.split("@")[0]!]));
  return toApiComment({
    id: row.id,
    cardId: row.cardId,
    authorId: row.authorId,
    text: decodeMentions(row.body, names),
    html: renderMarkdown(row.body, names),
    edited: row.updatedAt.getTime() !== row.createdAt.getTime(),
    createdAt: row.createdAt,
  });
}

export async function apiCycleIn(d: Db, workspaceId: string, cycleId: string, at: Date): Promise<ApiCycle | null> {
  const [row] = await d
    .select()
    .from(cycles)
    .where(and(eq(cycles.id, cycleId), eq(cycles.workspaceId, workspaceId)));
  if (!row) return null;
  const held = await d
    .select({ stateGroup: boardColumns.stateGroup })
    .from(cycleCards)
    .innerJoin(cards, and(eq(cards.id, cycleCards.cardId), eq(cards.workspaceId, workspaceId)))
    .innerJoin(boardColumns, and(eq(boardColumns.id, cards.columnId), eq(boardColumns.workspaceId, workspaceId)))
    .where(and(eq(cycleCards.cycleId, row.id), eq(cycleCards.workspaceId, workspaceId), isNull(cycleCards.removedAt)));
  return toApiCycle(
    {
      ...row,
      status: cycleStatus(row, dayOf(at)),
      cardCount: held.length,
      doneCount: held.filter((h) => h.stateGroup === "completed").length,
    },
    row.projectId,
  );
}

export async function apiMemberIn(d: Db, workspaceId: string, userId: string): Promise<ApiMember | null> {
  const [row] = await d
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      avatarUrl: users.avatarUrl,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
  return row ? toApiMember(row) : null;
}
