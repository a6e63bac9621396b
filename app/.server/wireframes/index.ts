/**
 * Wireframe services (issue 8; decision 013). Each takes the member context and checks the
 * role and the workspace's read-only state itself; route code calls these, never SQL.
 */
export {
  addTemplateScreen,
  createWireframe,
  deleteWireframe,
  duplicateWireframe,
  getWireframe,
  listWireframes,
  renameWireframe,
} from "./wireframes";
export { applyPatch, opsSince } from "./patches";
export { createComponent, deleteComponent, getComponents, listComponents, updateComponent } from "./components";
export { boardScreenLinks, cardsForScreen, linkScreen, linksForCard, unlinkScreen } from "./links";
export { readImage, uploadImage } from "./images";
export { publishPresence, wireframeEvents, type Presence } from "./events";
