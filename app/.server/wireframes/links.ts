import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { isUuid } from "~/lib/ids";
import type { BoardScreenLinks, LinkableWireframe } from "~/lib/wireframes/card-links";
import { SCHEMA_VERSION, type Screen, type WireframeDocument, type WireframeElement } from "~/lib/wireframes/document";
import { compareOrder } from "~/lib/wireframes/order";
import { ScreenSvg } from "~/lib/wireframes/render";
import { db, schema } from "../db";
import { isUserError, notFound, UserError } from "../errors";
import { emit, envelope, mutate } from "../events";
import type { MemberContext } from "../workspaces";
import { requireAccess, requireRead, requireRole } from "../access";
import { keptForProject } from "../projects/board-cache";
import { findWireframeRow } from "./rows";
import { getComponents } from "./components";
import { currentDocument } from "./patches";
import { thumbnailTokens } from "./tokens";

/**
 * Cards link screens of wireframes: the card shows their thumbnails and opens the editor at
 * that screen; the editor lists the cards that link the screen it shows. Linking changes
 * the card (members); deleting either side removes the link, never the other side. A
 * removed screen's links are hidden (`screen_removed_at`), not deleted, so undoing the
 * removal brings them back (app/.server/wireframes/patches.ts); every list skips them.
 */
const { cardWireframeLinks, cards, projects, wireframes } = schema;

/** Links whose screen is there (a removed screen's links wait, hidden, for an undo). */
const shown = isNull(cardWireframeLinks.screenRemovedAt);

export type LinkInput = {
  cardId: string;
  wireframeId: string;
  screenId: string;
  /** When given (the board's forms), the card must be on this project's board: another project's card is a 404. */
  projectId?: string;
};

const cardNotFound = () => notFound("That card");

async function cardOf(member: MemberContext, cardId: string, d = db(), projectId?: string) {
  if (!isUuid(cardId) || (projectId !== undefined && !isUuid(projectId))) throw cardNotFound();
  const [card] = await d
    .select({ id: cards.id, projectId: cards.projectId, number: cards.number, title: cards.title })
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.workspaceId, member.workspace.id), projectId ? eq(cards.projectId, projectId) : undefined));
  if (!card) throw cardNotFound();
  return card;
}

/** Links a screen to a card (linking it twice is one link); the board's live viewers are told. */
export async function linkScreen(member: MemberContext, input: LinkInput): Promise<void> {
  requireRole(member, "card", "change");
  await mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const card = await cardOf(member, input.cardId, tx, input.projectId);
    const row = await findWireframeRow(tx, member, input.wireframeId);
    if (!currentDocument(row.document).screens[input.screenId])
      throw new UserError(404, "That screen was not found in the wireframe. It may have been deleted.", "screenId");
    await tx
      .insert(cardWireframeLinks)
      .values({
        workspaceId: member.workspace.id,
        cardId: card.id,
        wireframeId: row.id,
        screenId: input.screenId,
        createdBy: member.user.id,
      })
      .onConflictDoUpdate({
        target: [cardWireframeLinks.cardId, cardWireframeLinks.wireframeId, cardWireframeLinks.screenId],
        set: { screenRemovedAt: null },
      });
    await emit(tx, screenLinkEvent("card.screen_linked", member, card, { wireframeId: row.id, screenId: input.screenId }));
  });
}

export async function unlinkScreen(member: MemberContext, input: LinkInput): Promise<void> {
  requireRole(member, "card", "change");
  await mutate(async (tx) => {
    await requireAccess(tx, member, "card", "change");
    const card = await cardOf(member, input.cardId, tx, input.projectId);
    if (!isUuid(input.wireframeId)) return;
    await tx
      .delete(cardWireframeLinks)
      .where(
        and(
          eq(cardWireframeLinks.cardId, card.id),
          eq(cardWireframeLinks.wireframeId, input.wireframeId),
          eq(cardWireframeLinks.screenId, input.screenId),
          eq(cardWireframeLinks.workspaceId, member.workspace.id),
        ),
      );
    await emit(tx, screenLinkEvent("card.screen_unlinked", member, card, { wireframeId: input.wireframeId, screenId: input.screenId }));
  });
}

/** The card's event (its board revalidates: the face counts linked screens; an open panel lists them). */
function screenLinkEvent(
  kind: "card.screen_linked" | "card.screen_unlinked",
  member: MemberContext,
  card: { id: string; projectId: string; number: number; title: string },
  change: { wireframeId: string; screenId: string },
) {
  return {
    kind,
    ...envelope(member, card.projectId),
    subject: { id: card.id, number: card.number, title: card.title },
    change,
  };
}

export type CardScreenLink = {
  wireframeId: string;
  wireframeName: string;
  screenId: string;
  screenName: string;
  /** The screen alone (a thumbnail drawn in the browser needs the renderer: prefer `svg`). */
  preview: { doc: WireframeDocument; screenId: string };
  /**
   * The screen's thumbnail, drawn here on the server (SVG markup, 240 px wide, titled with
   * the screen's name): the card panel shows it without shipping the renderer in the
   * board's JavaScript.
   */
  svg: string;
  /** The editor at that screen. */
  href: string;
};

/** The screens a card links, in the order they were linked (a screen since deleted is left out). */
export async function linksForCard(member: MemberContext, cardId: string): Promise<CardScreenLink[]> {
  requireRead(member, "wireframe");
  const card = await cardOf(member, cardId);
  const rows = await db()
    .select({
      wireframeId: wireframes.id,
      wireframeName: wireframes.name,
      projectId: wireframes.projectId,
      document: wireframes.document,
      screenId: cardWireframeLinks.screenId,
    })
    .from(cardWireframeLinks)
    .innerJoin(wireframes, and(eq(wireframes.id, cardWireframeLinks.wireframeId), eq(wireframes.workspaceId, member.workspace.id)))
    .where(and(eq(cardWireframeLinks.cardId, card.id), eq(cardWireframeLinks.workspaceId, member.workspace.id), shown))
    .orderBy(asc(cardWireframeLinks.createdAt), asc(cardWireframeLinks.screenId));
  const out: CardScreenLink[] = [];
  const docs = rows.map((r) => currentDocument(r.document));
  const used = new Set<string>();
  for (const doc of docs) for (const el of Object.values(doc.elements)) if (el.type === "instance") used.add(el.componentId);
  const components = used.size > 0 ? await getComponents(member, [...used]) : {};
  // Each wireframe's project's design tokens (its system's first theme).
  const tokens = await thumbnailTokens(
    member,
    rows.map((r) => r.projectId),
  );
  for (const [i, r] of rows.entries()) {
    const doc = docs[i]!;
    const screen = doc.screens[r.screenId];
    if (!screen) continue;
    const elements: Record<string, WireframeElement> = {};
    for (const [id, el] of Object.entries(doc.elements)) if (el.screenId === screen.id) elements[id] = el;
    const preview = { doc: { schemaVersion: doc.schemaVersion, screens: { [screen.id]: screen }, elements }, screenId: screen.id };
    out.push({
      wireframeId: r.wireframeId,
      wireframeName: r.wireframeName,
      screenId: screen.id,
      screenName: screen.name,
      preview,
      svg: renderToStaticMarkup(
        createElement(ScreenSvg, { ...preview, components, tokens: tokens.get(r.projectId), width: 240, title: screen.name }),
      ),
      href: `/wireframes/editor/${r.wireframeId}?screen=${encodeURIComponent(screen.id)}`,
    });
  }
  return out;
}

export type ScreenCardLink = { cardId: string; title: string; number: number; screenId: string; projectId: string };

/** The cards that link a screen of the wireframe (the editor's "Linked cards"). */
export async function cardsForScreen(member: MemberContext, wireframeId: string, screenId: string): Promise<ScreenCardLink[]> {
  requireRead(member, "wireframe");
  if (!isUuid(wireframeId)) return [];
  return db()
    .select({
      cardId: cards.id,
      title: cards.title,
      number: cards.number,
      screenId: cardWireframeLinks.screenId,
      projectId: cards.projectId,
    })
    .from(cardWireframeLinks)
    .innerJoin(cards, and(eq(cards.id, cardWireframeLinks.cardId), eq(cards.workspaceId, member.workspace.id)))
    .where(
      and(
        eq(cardWireframeLinks.wireframeId, wireframeId),
        eq(cardWireframeLinks.screenId, screenId),
        eq(cardWireframeLinks.workspaceId, member.workspace.id),
        shown,
      ),
    )
    .orderBy(asc(cards.number));
}

/** How many screens each card of a project links (cards without links are left out): the count on the board's card faces. */
export async function screenLinkCounts(member: MemberContext, projectId: string): Promise<Record<string, number>> {
  requireRead(member, "wireframe");
  if (!isUuid(projectId)) return {};
  return keptForProject(member.workspace.id, projectId, "screen-link-counts", async () => {
    const rows = await db()
      .select({ cardId: cardWireframeLinks.cardId, n: count() })
      .from(cardWireframeLinks)
      .innerJoin(cards, and(eq(cards.id, cardWireframeLinks.cardId), eq(cards.workspaceId, member.workspace.id)))
      .where(and(eq(cardWireframeLinks.workspaceId, member.workspace.id), eq(cards.projectId, projectId), shown))
      .groupBy(cardWireframeLinks.cardId);
    return Object.fromEntries(rows.map((r) => [r.cardId, Number(r.n)]));
  });
}

/**
 * The workspace's wireframes with their screens in order (by project, then name): what the
 * card panel offers to link. Reads only the documents' screens, never their elements.
 */
export async function linkableScreens(member: MemberContext): Promise<LinkableWireframe[]> {
  requireRead(member, "wireframe");
  const rows = await db()
    .select({
      id: wireframes.id,
      name: wireframes.name,
      projectName: projects.name,
      schemaVersion: sql<number>`(${wireframes.document}->>'schemaVersion')::int`,
      screens: sql<Record<string, Screen>>`${wireframes.document}->'screens'`,
    })
    .from(wireframes)
    .innerJoin(projects, and(eq(projects.id, wireframes.projectId), eq(projects.workspaceId, member.workspace.id)))
    .where(eq(wireframes.workspaceId, member.workspace.id))
    .orderBy(asc(projects.name), asc(wireframes.name), asc(wireframes.id));
  return rows.map(({ schemaVersion, screens, ...w }) => {
    const current =
      schemaVersion === SCHEMA_VERSION ? screens : currentDocument({ schemaVersion, screens, elements: {} } as WireframeDocument).screens;
    return {
      ...w,
      screens: Object.values(current ?? {})
        .sort(compareOrder)
        .map((s) => ({ id: s.id, name: s.name })),
    };
  });
}

/**
 * The board page's screen links: every card's count and, for the open card (when it is on
 * this project's board), its links with their thumbnails and, for members who may change
 * it, the screens to choose from. A card that is not found leaves `card` null (the board
 * answers that 404 itself).
 */
export async function boardScreenLinks(
  member: MemberContext,
  projectId: string,
  openCardId: string | null,
  opts: { withChoices: boolean },
): Promise<BoardScreenLinks> {
  const [counts, card] = await Promise.all([
    screenLinkCounts(member, projectId),
    openCardId ? openCardLinks(member, projectId, openCardId, opts.withChoices) : Promise.resolve(null),
  ]);
  return { counts, card };
}

async function openCardLinks(member: MemberContext, projectId: string, cardId: string, withChoices: boolean) {
  try {
    await cardOf(member, cardId, db(), projectId);
  } catch (error) {
    if (isUserError(error) && error.status === 404) return null;
    throw error;
  }
  const [links, choices] = await Promise.all([linksForCard(member, cardId), withChoices ? linkableScreens(member) : Promise.resolve([])]);
  // The thumbnail's markup is enough for the panel: the screen's document stays on the server.
  return { cardId, links: links.map(({ preview: _preview, ...link }) => link), choices };
}
