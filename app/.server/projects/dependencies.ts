import { and, asc, eq, ilike, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { isClosedStateGroup } from "~/lib/board";
import type { DependencyDirection, DependencyView } from "~/lib/cycles";
import { isUuid } from "~/lib/ids";
import { db, schema, type Db } from "../db";
import { escapeLike } from "../db/like";
import { notFound, UserError } from "../errors";
import { emit, envelope, mutate } from "../events";
import type { MemberContext } from "../workspaces";
import { requireAccess, requireRead, requireRole } from "../access";
import { keptForProject } from "./board-cache";
import { scopeOf, type BoardScope } from "./scope";
import { cardsOf, lockCard } from "./board-rows";

/**
 * Card dependencies (issue 10): "#3 blocks #5" (and so #5 is blocked by #3), both cards of one
 * project. A card cannot block itself, and a block that would close a loop is refused with the
 * loop written out ("#3 → #5 → #3"). A card is "Blocked" while one of its blockers is open
 * (not in a completed or cancelled column). Members change them, viewers read them; the
 * workspace and the project are in every where.
 */
const { boardColumns, cardDependencies, cards, projects } = schema;

type CardRef = { id: string; number: number; title: string };

/**
 * The card a person typed: "#12" or "12" (a number), "#12 Fix login" (as the suggestions
 * read), or words of its title (one card must match). A 400 on the `other` field otherwise.
 */
export async function findCardByRef(tx: Db, scope: Pick<BoardScope, "workspaceId" | "projectId">, ref: string): Promise<CardRef> {
  const text = ref.trim();
  const numbered = /^#?(\d+)\b/.exec(text);
  const pick = { id: cards.id, number: cards.number, title: cards.title };
  if (numbered) {
    const [row] = await tx
      .select(pick)
      .from(cards)
      .where(and(cardsOf(scope), eq(cards.number, Number(numbered[1]))));
    if (!row) throw new UserError(400, `There is no card #${numbered[1]} on this board.`, "other");
    return row;
  }
  if (!text) throw new UserError(400, "Enter a card's number or title.", "other");
  const rows = await tx
    .select(pick)
    .from(cards)
    .where(and(cardsOf(scope), ilike(cards.title, `%${escapeLike(text)}%`)))
    .orderBy(asc(cards.number))
    .limit(6);
  const exact = rows.filter((r) => r.title.trim().toLowerCase() === text.toLowerCase());
  if (exact.length === 1) return exact[0]!;
  if (rows.length === 1) return rows[0]!;
  if (rows.length === 0) throw new UserError(400, `No card on this board has “${text}” in its title.`, "other");
  throw new UserError(
    400,
    `Several cards match “${text}” (${rows.map((r) => `#${r.number}`).join(", ")}): enter a card's number.`,
    "other",
  );
}

/** The chain of blocks from `from` to `to` over `edges` (blocker → blocked), if there is one: the card ids along it. */
export function blockPath(edges: { blockerCardId: string; blockedCardId: string }[], from: string, to: string): string[] | null {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.blockerCardId, [...(next.get(e.blockerCardId) ?? []), e.blockedCardId]);
  const cameFrom = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift()!;
    if (at === to) {
      const path = [to];
      while (path[0] !== from) path.unshift(cameFrom.get(path[0]!)!);
      return path;
    }
    for (const n of next.get(at) ?? []) {
      if (!cameFrom.has(n)) {
        cameFrom.set(n, at);
        queue.push(n);
      }
    }
  }
  return null;
}

/**
 * Records that one card blocks another. `direction` says which way the typed card (`other`)
 * stands to `cardId`: "blocked-by" (other blocks cardId) or "blocks" (cardId blocks other).
 */
export async function addDependency(
  member: MemberContext,
  projectId: string,
  input: { cardId: string; other: string; direction: DependencyDirection },
): Promise<{ blocker: CardRef; blocked: CardRef }> {
  const ctx = scopeOf(member, projectId);
  return mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    // One writer of this project's dependencies at a time, so two blocks that together close a loop cannot both pass.
    const [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, ctx.projectId), eq(projects.workspaceId, ctx.workspaceId)))
      .for("update");
    if (!project) throw notFound("That project");
    const card = await lockCard(tx, ctx, input.cardId);
    const other = await findCardByRef(tx, ctx, input.other);
    const self: CardRef = { id: card.id, number: card.number, title: card.title };
    if (other.id === self.id) throw new UserError(400, "A card cannot block itself.", "other", undefined, "dependency_self");
    const [blocker, blocked] = input.direction === "blocked-by" ? [other, self] : [self, other];
    const edges = await tx
      .select({ blockerCardId: cardDependencies.blockerCardId, blockedCardId: cardDependencies.blockedCardId })
      .from(cardDependencies)
      .where(and(eq(cardDependencies.workspaceId, ctx.workspaceId), eq(cardDependencies.projectId, ctx.projectId)));
    if (edges.some((e) => e.blockerCardId === blocker.id && e.blockedCardId === blocked.id)) {
      throw new UserError(409, `#${blocker.number} already blocks #${blocked.number}.`, "other", undefined, "dependency_exists");
    }
    // blocker → blocked closes a loop when blocked already leads (through blocks) back to blocker.
    const back = blockPath(edges, blocked.id, blocker.id);
    if (back) {
      const numbers = await numbersOf(tx, ctx, back);
      const chain = [blocker.id, ...back].map((id) => `#${numbers.get(id) ?? "?"}`).join(" → ");
      const loop = `That would make a loop of blocks: ${chain}. Remove one of those blocks first.`;
      throw new UserError(409, loop, "other", undefined, "dependency_loop");
    }
    await tx.insert(cardDependencies).values({
      workspaceId: ctx.workspaceId,
      projectId: ctx.projectId,
      blockerCardId: blocker.id,
      blockedCardId: blocked.id,
      createdBy: ctx.actorId,
    });
    await emit(tx, {
      kind: "dependency.added",
      ...envelope(member, ctx.projectId),
      subject: blocked,
      change: { blocker },
    });
    return { blocker, blocked };
  });
}

export async function removeDependency(member: MemberContext, projectId: string, input: { blockerCardId: string; blockedCardId: string }) {
  requireRole(member, "card", "change");
  const ctx = scopeOf(member, projectId);
  if (!isUuid(input.blockerCardId) || !isUuid(input.blockedCardId)) throw notFound("That block");
  await mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const [gone] = await tx
      .delete(cardDependencies)
      .where(
        and(
          eq(cardDependencies.workspaceId, ctx.workspaceId),
          eq(cardDependencies.projectId, ctx.projectId),
          eq(cardDependencies.blockerCardId, input.blockerCardId),
          eq(cardDependencies.blockedCardId, input.blockedCardId),
        ),
      )
      .returning({ blocker: cardDependencies.blockerCardId });
    if (!gone) throw notFound("That block");
    const numbers = await numbersOf(tx, ctx, [input.blockerCardId]);
    const [blocked] = await tx
      .select({ id: cards.id, number: cards.number, title: cards.title })
      .from(cards)
      .where(and(cardsOf(ctx), eq(cards.id, input.blockedCardId)));
    await emit(tx, {
      kind: "dependency.removed",
      ...envelope(member, ctx.projectId),
      subject: blocked!,
      change: { blocker: { id: input.blockerCardId, number: numbers.get(input.blockerCardId) ?? null } },
    });
  });
}

async function numbersOf(tx: Db, scope: Pick<BoardScope, "workspaceId" | "projectId">, ids: string[]) {
  const rows = ids.length
    ? await tx
        .select({ id: cards.id, number: cards.number })
        .from(cards)
        .where(and(cardsOf(scope), inArray(cards.id, ids)))
    : [];
  return new Map(rows.map((r) => [r.id, r.number]));
}

/** Every block of a project with both cards' numbers, titles and state groups (the board, the insights). */
export async function projectDependencies(member: MemberContext, projectId: string) {
  requireRead(member, "project");
  const ws = member.workspace.id;
  if (!isUuid(projectId)) return [];
  const blocker = alias(cards, "blocker");
  const blocked = alias(cards, "blocked");
  const blockerCol = alias(boardColumns, "blocker_col");
  const blockedCol = alias(boardColumns, "blocked_col");
  return keptForProject(ws, projectId, "dependencies", () =>
    db()
      .select({
        blockerId: cardDependencies.blockerCardId,
        blockedId: cardDependencies.blockedCardId,
        blockerNumber: blocker.number,
        blockerTitle: blocker.title,
        blockerGroup: blockerCol.stateGroup,
        blockedNumber: blocked.number,
        blockedTitle: blocked.title,
        blockedGroup: blockedCol.stateGroup,
      })
      .from(cardDependencies)
      .innerJoin(blocker, and(eq(blocker.id, cardDependencies.blockerCardId), eq(blocker.workspaceId, ws)))
      .innerJoin(blockerCol, and(eq(blockerCol.id, blocker.columnId), eq(blockerCol.workspaceId, ws)))
      .innerJoin(blocked, and(eq(blocked.id, cardDependencies.blockedCardId), eq(blocked.workspaceId, ws)))
      .innerJoin(blockedCol, and(eq(blockedCol.id, blocked.columnId), eq(blockedCol.workspaceId, ws)))
      .where(and(eq(cardDependencies.workspaceId, ws), eq(cardDependencies.projectId, projectId)))
      .orderBy(asc(blocked.number), asc(blocker.number)),
  );
}

/** One card's blockers and the cards it blocks, for its panel. */
export function dependenciesOfCard(all: Awaited<ReturnType<typeof projectDependencies>>, cardId: string) {
  const blockedBy: DependencyView[] = all
    .filter((d) => d.blockedId === cardId)
    .map((d) => ({ id: d.blockerId, number: d.blockerNumber, title: d.blockerTitle, open: !isClosedStateGroup(d.blockerGroup) }));
  const blocks: DependencyView[] = all
    .filter((d) => d.blockerId === cardId)
    .map((d) => ({ id: d.blockedId, number: d.blockedNumber, title: d.blockedTitle, open: !isClosedStateGroup(d.blockedGroup) }));
  return { blockedBy, blocks };
}

/** Cards with at least one open blocker: the board's "Blocked" marks. */
export function blockedCardIds(all: Awaited<ReturnType<typeof projectDependencies>>): string[] {
  return [...new Set(all.filter((d) => !isClosedStateGroup(d.blockerGroup)).map((d) => d.blockedId))];
}
