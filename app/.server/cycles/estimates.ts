import { and, eq, isNotNull, sql } from "drizzle-orm";
import { schema, db } from "../db";
import { UserError } from "../errors";
import { emit, envelope, mutate } from "../events";
import { requireAccess, requireRead, requireRole } from "../access";
import { scopeOf } from "../projects/scope";
import { cardsOf, lockCard } from "../projects/board-rows";
import { keptForProject } from "../projects/board-cache";
import type { MemberContext } from "../workspaces";
import { MAX_POINTS } from "~/lib/cycles";

/**
 * Card estimates (issue 10): optional points, 0 to 999 with at most one decimal. Each change is in
 * the card's activity and in the estimate history (card_estimate_changes, decision 022), which the
 * burn-ups and the daily snapshots read so that past days keep the points they had. This is the
 * one place the app changes cards.estimate_points.
 */
const { cardEstimateChanges, cards } = schema;

/** Sets (or, with null, removes) a card's estimate at `at`; false when it already was that. */
export async function setEstimate(member: MemberContext, projectId: string, cardId: string, points: number | null, at = new Date()) {
  requireRole(member, "card", "change");
  if (points !== null && (!(points >= 0 && points <= MAX_POINTS) || Math.round(points * 10) !== points * 10)) {
    throw new UserError(400, `Enter points from 0 to ${MAX_POINTS}, with at most one decimal (e.g. 2.5).`, "estimate");
  }
  const ctx = scopeOf(member, projectId);
  return mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const card = await lockCard(tx, ctx, cardId);
    const before = card.estimatePoints === null ? null : Number(card.estimatePoints);
    if (before === points) return false;
    await tx
      .update(cards)
      .set({ estimatePoints: points, version: sql`${cards.version} + 1`, updatedAt: new Date() })
      .where(and(cardsOf(ctx), eq(cards.id, card.id)));
    await tx.insert(cardEstimateChanges).values({ workspaceId: ctx.workspaceId, projectId: ctx.projectId, cardId: card.id, points, at });
    await emit(tx, {
      kind: "card.estimated",
      ...envelope(member, ctx.projectId),
      subject: { id: card.id, number: card.number, title: card.title },
      change: { from: before, to: points },
    });
    return true;
  });
}

/** Each estimated card's points, for the card faces. */
export async function projectEstimates(member: MemberContext, projectId: string): Promise<Record<string, number>> {
  requireRead(member, "project");
  return keptForProject(member.workspace.id, projectId, "estimates", async () => {
    const rows = await db()
      .select({ id: cards.id, points: cards.estimatePoints })
      .from(cards)
      .where(and(cardsOf({ workspaceId: member.workspace.id, projectId }), isNotNull(cards.estimatePoints)));
    return Object.fromEntries(rows.map((r) => [r.id, Number(r.points)]));
  });
}
