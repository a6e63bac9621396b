import { and, asc, ne } from "drizzle-orm";
import type { BoardPlanning } from "~/lib/cycles";
import { isUuid } from "~/lib/ids";
import { db, schema } from "../db";
import { requireRead } from "../access";
import { cardsOf } from "../projects/board-rows";
import { blockedCardIds, dependenciesOfCard, projectDependencies } from "../projects/dependencies";
import type { MemberContext } from "../workspaces";
import { cycleChoicesFor } from "./cycles";
import { projectEstimates } from "./estimates";

/**
 * What the board page adds for estimates, dependencies and cycles (`planning` in its loader):
 * every card's points and blocked mark, and for the open card (`?task=`) its estimate, its
 * blocks, its cycle and the choices its forms offer.
 */
const { cards } = schema;

/** How many of the project's other cards the dependency form suggests. */
const SUGGESTIONS = 200;

export async function boardPlanning(member: MemberContext, projectId: string, openCardId: string | null): Promise<BoardPlanning> {
  requireRead(member, "project");
  const [points, deps] = await Promise.all([projectEstimates(member, projectId), projectDependencies(member, projectId)]);
  const blocked = blockedCardIds(deps);
  if (!openCardId || !isUuid(openCardId)) return { points, blocked, card: null };
  const [{ cycleId, choices }, others] = await Promise.all([
    cycleChoicesFor(member, projectId, openCardId),
    projectCardRefs(member, projectId, openCardId),
  ]);
  const { blockedBy, blocks } = dependenciesOfCard(deps, openCardId);
  return {
    points,
    blocked,
    card: {
      cardId: openCardId,
      estimate: points[openCardId] ?? null,
      blockedBy,
      blocks,
      cycleId,
      cycles: choices,
      suggestions: others,
    },
  };
}

/** "#12 Title" of the project's cards (up to 200, by number), suggested by the forms that take a card by number or title. */
export async function projectCardRefs(member: MemberContext, projectId: string, except: string | null = null): Promise<string[]> {
  requireRead(member, "project");
  const rows = await db()
    .select({ number: cards.number, title: cards.title })
    .from(cards)
    .where(and(cardsOf({ workspaceId: member.workspace.id, projectId }), except ? ne(cards.id, except) : undefined))
    .orderBy(asc(cards.number))
    .limit(SUGGESTIONS);
  return rows.map((o) => `#${o.number} ${o.title}`);
}
