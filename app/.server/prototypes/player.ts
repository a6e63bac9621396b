import { and, eq, inArray } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { isUuid } from "~/lib/ids";
import { can } from "~/lib/permissions";
import type { ComponentDefinition, WireframeDocument } from "~/lib/wireframes/document";
import { migrateComponentDefinition } from "~/lib/wireframes/migrate";
import { playerView, type PlayerView } from "~/lib/wireframes/player";
import { ScreenSvg } from "~/lib/wireframes/render";
import { db, schema } from "../db";
import { getWireframe, imageUrl } from "../wireframes";
import type { MemberContext } from "../workspaces";
import { isReadOnly } from "../workspaces/limits";

/**
 * Playing a prototype: the screen a player URL shows, cut down to what is drawn, with the
 * main components its instances need. Members who can see the wireframe play it (viewers
 * too); share links reach `playShared` through openShareLink first.
 */
export type PlayerParams = { flow?: string | null; screen?: string | null; overlay?: string | null; from?: string | null };
/**
 * A screen as the browser gets it: the player's state and the drawn SVG markup of the screen
 * and its overlay (rendered here by the one renderer, so the player ships no renderer code).
 */
export type PlayedView = Omit<PlayerView, "doc"> & { svg: string; overlaySvg: string | null };
export type PlayedScreen = { view: PlayedView | null };
export type PrototypeView = PlayedScreen & { id: string; name: string; canShare: boolean; canEdit: boolean };

/** The definitions of the main components the drawn elements use, from the wireframe's own workspace. */
export async function componentsFor(
  workspaceId: string,
  doc: WireframeDocument,
): Promise<Record<string, { definition: ComponentDefinition }>> {
  const ids = [
    ...new Set(Object.values(doc.elements).flatMap((e) => (e.type === "instance" && isUuid(e.componentId) ? [e.componentId] : []))),
  ];
  if (ids.length === 0) return {};
  const { wireframeComponents: c } = schema;
  const rows = await db()
    .select({ id: c.id, definition: c.definition })
    .from(c)
    .where(and(eq(c.workspaceId, workspaceId), inArray(c.id, ids)));
  return Object.fromEntries(rows.map((r) => [r.id, { definition: migrateComponentDefinition(r.definition) }]));
}

/** One screen of a document, for any player: its state and its markup. */
export async function playScreen(
  workspaceId: string,
  doc: WireframeDocument,
  params: PlayerParams,
  /** Where uploaded images are served (members); without it images draw as placeholders (share links). */
  imageUrl?: (fileId: string) => string,
): Promise<PlayedScreen> {
  const state = playerView(doc, params);
  if (!state) return { view: null };
  const components = await componentsFor(workspaceId, state.doc);
  const { doc: drawn, ...view } = state;
  const draw = (screenId: string, title: string) =>
    renderToStaticMarkup(createElement(ScreenSvg, { doc: drawn, screenId, components, imageUrl, className: "block h-full w-full", title }));
  return {
    view: {
      ...view,
      svg: draw(view.screen.id, view.screen.name),
      overlaySvg: view.overlay ? draw(view.overlay.screen.id, view.overlay.screen.name) : null,
    },
  };
}

/** A member plays one of the workspace's wireframes (404 for another workspace's). */
export async function getPrototype(member: MemberContext, wireframeId: string, params: PlayerParams): Promise<PrototypeView> {
  const wireframe = await getWireframe(member, wireframeId);
  const [played, readOnly] = await Promise.all([
    playScreen(member.workspace.id, wireframe.document, params, (fileId) => imageUrl(wireframe.id, fileId)),
    isReadOnly(member.workspace.id),
  ]);
  const canEdit = can(member.role, "wireframe.edit") && !readOnly;
  return { id: wireframe.id, name: wireframe.name, ...played, canShare: canEdit, canEdit };
}
