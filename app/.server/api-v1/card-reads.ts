import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db";
import { schema } from "../db";
import type { ApiCard } from "./schemas";
import { toApiCard } from "./serialize";

// Cards as the API returns them, for the API's reads and for the webhooks' payloads (which
// read inside a change's transaction). It imports no service, so the events' subscribers may
// use it without a cycle.

const { cards, cardAssignees, cardLabels, cycleCards } = schema;

/**
 * One card as the API returns it, read in `d` (a change's own transaction: a webhook's
 * payload is the card as that change left it); null when it is gone.
 */
export async function apiCardIn(d: Db, workspaceId: string, cardId: string): Promise<ApiCard | null> {
  const rows = await d
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.workspaceId, workspaceId)));
  const [card] = await cardsWithParts(d, workspaceId, rows);
  return card ?? null;
}

export async function cardsWithParts(d: Db, workspaceId: string, rows: (typeof cards.$inferSelect)[]): Promise<ApiCard[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  // One after the other: `d` may be a transaction, which runs one statement at a time.
  const assignees = await d
    .select({ cardId: cardAssignees.cardId, id: cardAssignees.userId })
    .from(cardAssignees)
    .where(and(inArray(cardAssignees.cardId, ids), eq(cardAssignees.workspaceId, workspaceId)));
  const labels = await d
    .select({ cardId: cardLabels.cardId, id: cardLabels.labelId })
    .from(cardLabels)
    .where(and(inArray(cardLabels.cardId, ids), eq(cardLabels.workspaceId, workspaceId)));
  // A card's open stay (removed_at null) is the cycle it is in now.
  const stays = await d
    .select({ cardId: cycleCards.cardId, id: cycleCards.cycleId })
    .from(cycleCards)
    .where(and(inArray(cycleCards.cardId, ids), eq(cycleCards.workspaceId, workspaceId), isNull(cycleCards.removedAt)));
  const idsOf = (list: { cardId: string; id: string }[], cardId: string) => list.filter((r) => r.cardId === cardId).map((r) => r.id);
  return rows.map((r) =>
    toApiCard(r, { assigneeIds: idsOf(assignees, r.id), labelIds: idsOf(labels, r.id), cycleId: idsOf(stays, r.id)[0] ?? null }),
  );
}
