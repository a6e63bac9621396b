import { and, eq, inArray } from "drizzle-orm";
import type { CardComment } from "~/lib/board";
import { isUuid } from "~/lib/ids";
import { decodeMentions, encodeMentions, mentionedIds } from "~/lib/mentions";
import { db, schema, type Db } from "../db";
import { notFound, UserError } from "../errors";
import { emit, envelope, mutate } from "../events";
import { renderMarkdown } from "../markdown";
import { setWatching } from "../notifications";
import type { MemberContext } from "../workspaces";
import { allows, requireAccess, requireRead, requireRole } from "../access";
import { scopeOf } from "./scope";
import { cardsOf, lockCard } from "./board-rows";

/**
 * Comments on a card: markdown with mentions. A mention is stored as `<@user-id>` (renaming
 * keeps it); the author edits and deletes their own comments, admins and owners may delete
 * anyone's; a deletion leaves its trace in the card's activity.
 */
const { comments, users, memberships } = schema;

export type CommentView = CardComment & { createdAt: Date };

/** The workspace's members as mention targets (name, else the e-mail's local part). */
export async function mentionTargets(workspaceId: string, d: Db = db()) {
  const rows = await d
    .select({ id: users.id, name: users.fullName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId));
  return rows.map((r) => ({ id: r.id, name: r.name?.trim() || r.email.split("@")[0]! }));
}

/** Names for every mention in these bodies (people who left keep their name). */
async function namesFor(bodies: string[], d: Db = db()): Promise<Map<string, string>> {
  const ids = [...new Set(bodies.flatMap(mentionedIds))];
  if (ids.length === 0) return new Map();
  const rows = await d.select({ id: users.id, name: users.fullName, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name?.trim() || r.email.split("@")[0]!]));
}

function cleanBody(body: string): string {
  const trimmed = body.trim();
  if (!trimmed) throw new UserError(400, "Write a comment first.", "body");
  if (trimmed.length > 10_000) throw new UserError(400, "A comment can be at most 10,000 characters.", "body");
  return trimmed;
}

/** The comments of one card (tenancy in the where), rendered for this member. */
export async function commentsOf(member: MemberContext, cardId: string): Promise<CommentView[]> {
  const rows = await db()
    .select({
      id: comments.id,
      body: comments.body,
      authorId: comments.authorId,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      authorName: users.fullName,
      authorEmail: users.email,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(and(eq(comments.cardId, cardId), eq(comments.workspaceId, member.workspace.id)))
    .orderBy(comments.createdAt, comments.id);
  const names = await namesFor(rows.map((r) => r.body));
  const writable = allows(member.role, "comment", "create");
  return rows.map((r) => {
    const own = r.authorId === member.user.id;
    return {
      id: r.id,
      authorId: r.authorId,
      authorName: r.authorName,
      authorEmail: r.authorEmail,
      createdAt: r.createdAt,
      edited: r.updatedAt.getTime() !== r.createdAt.getTime(),
      html: renderMarkdown(r.body, names),
      text: decodeMentions(r.body, names),
      canEdit: writable && own,
      canDelete: writable && (own || allows(member.role, "comment", "moderate")),
    };
  });
}

export async function addComment(member: MemberContext, projectId: string, cardId: string, body: string) {
  requireRole(member, "comment", "create");
  const ctx = scopeOf(member, projectId);
  const text = cleanBody(body);
  return mutate(async (tx) => {
    await requireAccess(tx, member, "comment", "create");
    const card = await lockCard(tx, ctx, cardId);
    const { body: stored, mentioned } = encodeMentions(text, await mentionTargets(ctx.workspaceId, tx));
    const [c] = await tx
      .insert(comments)
      .values({ workspaceId: ctx.workspaceId, projectId: ctx.projectId, cardId: card.id, authorId: ctx.actorId, body: stored })
      .returning();
    // The author watches the card from now on (../events/subscribers.ts).
    await emit(tx, {
      kind: "comment.created",
      ...envelope(member, ctx.projectId),
      subject: { id: card.id, number: card.number, title: card.title },
      change: { commentId: c!.id, text, mentioned },
    });
    return { comment: c!, mentioned };
  });
}

async function lockComment(tx: Db, workspaceId: string, projectId: string, cardId: string, commentId: string) {
  if (!isUuid(commentId)) throw notFound("That comment no longer exists.");
  const [c] = await tx
    .select()
    .from(comments)
    .where(
      and(
        eq(comments.id, commentId),
        eq(comments.cardId, cardId),
        eq(comments.projectId, projectId),
        eq(comments.workspaceId, workspaceId),
      ),
    )
    .for("update");
  if (!c) throw notFound("That comment no longer exists.");
  return c;
}

/** The author edits their own comment; it is marked "edited". Returns the people newly mentioned. */
export async function editComment(member: MemberContext, projectId: string, cardId: string, commentId: string, body: string) {
  requireRole(member, "comment", "create");
  const ctx = scopeOf(member, projectId);
  const text = cleanBody(body);
  return mutate(async (tx) => {
    await requireAccess(tx, member, "comment", "create");
    const card = await lockCard(tx, ctx, cardId);
    const c = await lockComment(tx, ctx.workspaceId, ctx.projectId, card.id, commentId);
    if (c.authorId !== ctx.actorId) throw new UserError(403, "Only the author can edit a comment.");
    const before = new Set(mentionedIds(c.body));
    const { body: stored, mentioned } = encodeMentions(text, await mentionTargets(ctx.workspaceId, tx));
    const added = stored === c.body ? [] : mentioned.filter((id) => !before.has(id));
    if (stored !== c.body)
      await tx
        .update(comments)
        .set({ body: stored, updatedAt: new Date() })
        .where(and(eq(comments.id, c.id), eq(comments.workspaceId, ctx.workspaceId)));
    // Unchanged text still tells the board (the writer's panel revalidates).
    await emit(tx, {
      kind: "comment.edited",
      ...envelope(member, ctx.projectId),
      subject: { id: card.id, number: card.number, title: card.title },
      change: { commentId: c.id, text, mentioned: added },
    });
    return { mentioned: added };
  });
}

/** The author deletes their comment, or an admin/owner deletes anyone's; the activity keeps a trace. */
export async function deleteComment(member: MemberContext, projectId: string, cardId: string, commentId: string) {
  const ctx = scopeOf(member, projectId);
  await mutate(async (tx) => {
    await requireAccess(tx, member, "comment", "create");
    const card = await lockCard(tx, ctx, cardId);
    const c = await lockComment(tx, ctx.workspaceId, ctx.projectId, card.id, commentId);
    if (c.authorId !== ctx.actorId && !allows(member.role, "comment", "moderate")) {
      throw new UserError(403, "Only the author or an admin can delete a comment.");
    }
    await tx.delete(comments).where(and(eq(comments.id, c.id), eq(comments.workspaceId, ctx.workspaceId)));
    await emit(tx, {
      kind: "comment.deleted",
      ...envelope(member, ctx.projectId),
      subject: { id: card.id, number: card.number, title: card.title },
      change: { commentId: c.id, text: decodeMentions(c.body, await namesFor([c.body], tx)) },
    });
  });
}

/** Watch or stop watching a card (viewers too: watching changes nothing on the card). */
export async function watchCard(member: MemberContext, projectId: string, cardId: string, watching: boolean) {
  requireRead(member, "project");
  const ctx = scopeOf(member, projectId);
  if (!isUuid(cardId)) throw notFound("That card");
  const [card] = await db()
    .select({ id: schema.cards.id })
    .from(schema.cards)
    .where(and(eq(schema.cards.id, cardId), cardsOf(ctx)));
  if (!card) throw notFound("That card");
  await setWatching(ctx.workspaceId, cardId, member.user.id, watching);
}
