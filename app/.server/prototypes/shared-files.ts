import type { StoredFile } from "../files/download";
import { imageIdsShown, readWorkspaceImage } from "../wireframes/images";
import { componentsFor } from "./player";
import type { SharedPrototype } from "./share";

/**
 * What a share link's viewer may load besides the page: the uploaded images that the shared
 * wireframe shows (its elements and the main components its instances draw), nothing else of
 * the workspace. The route has opened the link first (404 unknown, 410 revoked or expired,
 * its password checked).
 */
export const sharedImageUrl = (token: string, fileId: string) => `/p/${encodeURIComponent(token)}/images/${fileId}`;

/** One image of the shared wireframe, or null for any other file id (another wireframe's image included). */
export async function readSharedImage(shared: SharedPrototype, fileId: string): Promise<StoredFile | null> {
  const components = await componentsFor(shared.workspaceId, shared.document);
  if (!imageIdsShown(Object.values(shared.document.elements), components).includes(fileId)) return null;
  return readWorkspaceImage(shared.workspaceId, fileId);
}
