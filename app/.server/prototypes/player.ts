import { and, eq, inArray } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import type { ComponentDefinition, WireframeDocument } from "~/lib/wireframes/document";
import { migrateComponentDefinition } from "~/lib/wireframes/migrate";
import { playerView, type PlayerView } from "~/lib/wireframes/player";
import { db, schema } from "../db";
import { decide, requireRead } from "../access";
import { wireframeNotFound } from "../wireframes/rows";
import { documentAt } from "../wireframes/documents";
import type { MemberContext } from "../workspaces";
import { isReadOnly } from "../workspaces/limits";

/**
 * Playing a prototype: the screen a player URL shows, cut down to what is drawn, with the
 * main components its instances need. Members who can see the wireframe play it (viewers
 * too); share links reach `playShared` through openShareLink first.
 */
export type PlayerParams = { flow?: string | null; screen?: string | null; overlay?: string | null; from?: string | null };
/**
 * A screen as the browser gets it: the player's state and the addresses of the screen's and
 * its overlay's drawings, SVG files drawn by the one renderer and cached by their ETag
 * (/wireframes/{id}/screens/{screenId}.svg for members, /p/{token}/screens/… for a link), so
 * the page itself draws nothing and the player ships no renderer code.
 */
export type PlayedView = Omit<PlayerView, "doc"> & { src: string; overlaySrc: string | null };
export type PlayedScreen = { view: PlayedView | null };
export type PrototypeView = PlayedScreen & { id: string; name: string; canShare: boolean; canEdit: boolean };

/** The definitions of the main components the drawn elements use, from the wireframe's own workspace. */
export async function componentsFor(
  workspaceId: string,
  doc: WireframeDocument,
): Promise<Record<string, { definition: ComponentDefinition; version: number }>> {
  const ids = [
    ...new Set(Object.values(doc.elements).flatMap((e) => (e.type === "instance" && isUuid(e.componentId) ? [e.componentId] : []))),
  ];
  if (ids.length === 0) return {};
  const { wireframeComponents: c } = schema;
  const rows = await db()
    .select({ id: c.id, definition: c.definition, version: c.version })
    .from(c)
    .where(and(eq(c.workspaceId, workspaceId), inArray(c.id, ids)));
  return Object.fromEntries(rows.map((r) => [r.id, { definition: migrateComponentDefinition(r.definition), version: r.version }]));
}

type PlayerState = Omit<PlayerView, "doc"> | null;
/** Per document (the players' cached versions, so per version), the states of the URLs played lately. */
const states = new WeakMap<WireframeDocument, Map<string, PlayerState>>();
const STATES_PER_DOCUMENT = 200;

/**
 * The player's state for a URL, worked out once per document version: hotspots and the
 * flow's path walk the element tree (a few ms at 1,000 elements), the same for every visit.
 */
function playerState(doc: WireframeDocument, params: PlayerParams): PlayerState {
  let byUrl = states.get(doc);
  if (!byUrl) states.set(doc, (byUrl = new Map()));
  const key = JSON.stringify([params.flow ?? null, params.screen ?? null, params.overlay ?? null, params.from ?? null]);
  const known = byUrl.get(key);
  if (known !== undefined) return known;
  let result: PlayerState = null;
  const state = playerView(doc, params);
  if (state) {
    const { doc: _drawn, ...view } = state;
    result = view;
  }
  if (byUrl.size >= STATES_PER_DOCUMENT) byUrl.clear();
  byUrl.set(key, result);
  return result;
}

/** One screen of a document, for any player: its state and where its drawing is. */
export function playScreen(doc: WireframeDocument, params: PlayerParams, screenSrc: (screenId: string) => string): PlayedScreen {
  const view = playerState(doc, params);
  if (!view) return { view: null };
  return {
    view: { ...view, src: screenSrc(view.screen.id), overlaySrc: view.overlay ? screenSrc(view.overlay.screen.id) : null },
  };
}

/** Where a member's player loads a screen's drawing (`v` changes with each edit). */
export const memberScreenUrl = (wireframeId: string, seq: number, screenId: string) =>
  `/wireframes/${wireframeId}/screens/${encodeURIComponent(screenId)}.svg?v=${seq}`;

/**
 * A member plays one of the workspace's wireframes (404 for another workspace's): its row
 * without the document, whose version is then read from the players' cache of documents.
 */
export async function getPrototype(member: MemberContext, wireframeId: string, params: PlayerParams): Promise<PrototypeView> {
  requireRead(member, "prototype");
  if (!isUuid(wireframeId)) throw wireframeNotFound();
  const { wireframes: w } = schema;
  const [[row], readOnly] = await Promise.all([
    db()
      .select({ id: w.id, name: w.name, seq: w.seq })
      .from(w)
      .where(and(eq(w.id, wireframeId), eq(w.workspaceId, member.workspace.id))),
    isReadOnly(member.workspace.id),
  ]);
  const current = row ? await documentAt(row.id, Number(row.seq)) : null;
  if (!row || !current) throw wireframeNotFound();
  const wireframe = { id: row.id, name: row.name, ...current };
  const played = playScreen(wireframe.document, params, (screenId) => memberScreenUrl(wireframe.id, wireframe.seq, screenId));
  const canEdit = decide(member.role, "prototype", "change", { readOnly }) === "allowed";
  return { id: wireframe.id, name: wireframe.name, ...played, canShare: canEdit, canEdit };
}
