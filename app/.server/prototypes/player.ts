import { and, eq, inArray } from "drizzle-orm";
import { isUuid } from "~/lib/ids";
import { can } from "~/lib/permissions";
import type { ComponentDefinition, WireframeDocument } from "~/lib/wireframes/document";
import { migrateComponentDefinition } from "~/lib/wireframes/migrate";
import { playerView, type PlayerView } from "~/lib/wireframes/player";
import { db, schema } from "../db";
import { getWireframe } from "../wireframes";
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

/** One screen of a document, for any player: its state and where its drawing is. */
export function playScreen(doc: WireframeDocument, params: PlayerParams, screenSrc: (screenId: string) => string): PlayedScreen {
  const state = playerView(doc, params);
  if (!state) return { view: null };
  const { doc: _drawn, ...view } = state;
  return {
    view: { ...view, src: screenSrc(view.screen.id), overlaySrc: view.overlay ? screenSrc(view.overlay.screen.id) : null },
  };
}

/** Where a member's player loads a screen's drawing (`v` changes with each edit). */
export const memberScreenUrl = (wireframeId: string, seq: number, screenId: string) =>
  `/wireframes/${wireframeId}/screens/${encodeURIComponent(screenId)}.svg?v=${seq}`;

/** A member plays one of the workspace's wireframes (404 for another workspace's). */
export async function getPrototype(member: MemberContext, wireframeId: string, params: PlayerParams): Promise<PrototypeView> {
  const wireframe = await getWireframe(member, wireframeId);
  const played = playScreen(wireframe.document, params, (screenId) => memberScreenUrl(wireframe.id, wireframe.seq, screenId));
  const readOnly = await isReadOnly(member.workspace.id);
  const canEdit = can(member.role, "wireframe.edit") && !readOnly;
  return { id: wireframe.id, name: wireframe.name, ...played, canShare: canEdit, canEdit };
}
