import type { StoredFile } from "../files/download";
import { imageIdsShown, readWorkspaceImage } from "../wireframes/images";
import { screenDrawing, type ScreenSvgFile } from "../wireframes/screen-svg";
import { linkTokens } from "../wireframes/tokens";
import { componentsFor } from "./player";
import type { SharedPrototype } from "./share";

/**
 * What a share link's viewer may load besides the page: the drawing of each screen of the
 * shared wireframe, and the uploaded images it shows (its elements and the main components its
 * instances draw), nothing else of the workspace. The route has opened the link first (404 unknown, 410 revoked or expired,
 * its password checked).
 */
export const sharedImageUrl = (token: string, fileId: string) => `/p/${encodeURIComponent(token)}/images/${fileId}`;

/** One image of the shared wireframe, or null for any other file id (another wireframe's image included). */
export async function readSharedImage(shared: SharedPrototype, fileId: string): Promise<StoredFile | null> {
  const components = await componentsFor(shared.workspaceId, shared.document);
  if (!imageIdsShown(Object.values(shared.document.elements), components).includes(fileId)) return null;
  return readWorkspaceImage(shared.workspaceId, fileId);
}

/** Where a link's player loads a screen's drawing (`v` changes with each edit). */
export const sharedScreenUrl = (token: string, seq: number, screenId: string) =>
  `/p/${encodeURIComponent(token)}/screens/${encodeURIComponent(screenId)}.svg?v=${seq}`;

/**
 * A screen of the shared wireframe as an SVG file (null: no such screen), drawn like a
 * member's (images inlined; one too large for that is loaded from the link's own address)
 * with the values of its project's design tokens (the first theme, as the editor opens it),
 * so token colours show as in the editor, not their fallbacks.
 */
export async function sharedScreenSvg(shared: SharedPrototype, token: string, screenId: string): Promise<ScreenSvgFile | null> {
  if (!Object.hasOwn(shared.document.screens, screenId)) return null;
  const [components, tokens] = await Promise.all([
    componentsFor(shared.workspaceId, shared.document),
    linkTokens(shared.workspaceId, shared.projectId),
  ]);
  return screenDrawing({
    scope: `link:${shared.linkId}`,
    wireframeId: shared.wireframeId,
    seq: shared.seq,
    doc: shared.document,
    screenId,
    components,
    tokens,
    read: (fileId) => readWorkspaceImage(shared.workspaceId, fileId),
    imageUrl: (fileId) => sharedImageUrl(token, fileId),
  });
}
