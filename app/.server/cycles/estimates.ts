import { and, eq, isNotNull, sql } from "drizzle-orm";
import { schema, db, transaction } from "../db";
import { UserError } from "../errors";
import { assertCan, assertCanChange, scopeOf } from "../projects/access";
import { recordActivity } from "../projects/activity";
import { cardsOf, lockCard } from "../projects/board-rows";
import { boardTopic, publish } from "../realtime";
import type { MemberContext } from "../workspaces";
import { MAX_POINTS } from "~/lib/cycles";

/** Card estimates (issue 10): optional points, 0 to 999 with at most one decimal; each change is in the card's activity. */
const { cards } = schema;

export async function setEstimate(member: MemberContext, projectId: string, cardId: string, points: number | null) {
  await assertCanChange(member, "card.update");
  if (points !== null && (!(points >= 0 && points <= MAX_POINTS) || Math.round(points * 10) !== points * 10)) {
    throw new UserError(400, `Enter points from 0 to ${MAX_POINTS}, with at most one decimal (e.g. 2.5).`, "estimate");
  }
  const ctx = scopeOf(member, projectId);
  const changed = await transaction(async (tx) => {
    const card = await lockCard(tx, ctx, cardId);
    const before = card.estimatePoints === null ? null : Number(card.estimatePoints);
    if (before === points) return false;
    await tx
      .update(cards)
      .set({ estimatePoints: points, version: sql`${cards.version} + 1`, updatedAt: new Date() })
      .where(and(cardsOf(ctx), eq(cards.id, card.id)));
    await recordActivity(tx, {
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      cardId: card.id,
      actorId: ctx.actorId,
      action: "card.updated",
      field: "estimate",
      oldValue: before,
      newValue: points,
    });
    return true;
  });
  if (changed) await publish(boardTopic(ctx.projectId), { type: "card.updated", cardId, by: ctx.actorId });
  return changed;
}

/** Each estimated card's points, for the card faces. */
export async function projectEstimates(member: MemberContext, projectId: string): Promise<Record<string, number>> {
  assertCan(member, "project.view");
  const rows = await db()
    .select({ id: cards.id, points: cards.estimatePoints })
    .from(cards)
    .where(and(cardsOf({ workspaceId: member.workspace.id, projectId }), isNotNull(cards.estimatePoints)));
  return Object.fromEntries(rows.map((r) => [r.id, Number(r.points)]));
}
