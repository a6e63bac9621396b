/**
 * Cards and the wireframe screens they link (issue 8), as the board page shows them: a
 * count on each card's face, and in the open card's panel the linked screens with their
 * thumbnails (drawn on the server, so the board's JavaScript does not carry the renderer)
 * and the screens that can be linked. Types only, shared by the server and the board.
 */

/** A screen the open card links. */
export type CardScreenLinkView = {
  wireframeId: string;
  wireframeName: string;
  screenId: string;
  screenName: string;
  /** The screen's thumbnail, SVG markup drawn on the server (React-escaped). */
  svg: string;
  /** The editor at that screen. */
  href: string;
};

/** A wireframe of the workspace and its screens, in order: the choices of the panel's "link a screen" form. */
export type LinkableWireframe = {
  id: string;
  name: string;
  projectName: string;
  screens: { id: string; name: string }[];
};

/** What the board's loader answers about screen links. */
export type BoardScreenLinks = {
  /** Linked screens per card of the board (cards without links are left out, so the payload stays small). */
  counts: Record<string, number>;
  /** The open card's (`?task=`) links and, for members who may change it, the screens it can link. */
  card: { cardId: string; links: CardScreenLinkView[]; choices: LinkableWireframe[] } | null;
};

/** One `<select>` carries both ids: `<wireframeId>/<screenId>` (a screen id has no slash). */
export function screenRef(wireframeId: string, screenId: string): string {
  return `${wireframeId}/${screenId}`;
}
