/**
 * Wireframe services (issue 8; decision 013). Each takes the member context and checks the
 * role and the workspace's read-only state itself; route code calls these, never SQL.
 */
export { cleanName } from "./access";
export {
  addTemplateScreen,
  createWireframe,
  deleteWireframe,
  duplicateWireframe,
  getWireframe,
  listWireframes,
  renameWireframe,
  type NewWireframe,
  type WireframeSummary,
  type WireframeView,
} from "./wireframes";
export { applyPatch, opsSince, wireframeTopic, componentsTopic, type PatchRecord, type WireframeEvent } from "./patches";
export {
  ComponentVersionConflict,
  createComponent,
  deleteComponent,
  getComponents,
  isComponentVersionConflict,
  listComponents,
  updateComponent,
  type ComponentRecord,
} from "./components";
export {
  boardScreenLinks,
  cardsForScreen,
  linkableScreens,
  linkScreen,
  linksForCard,
  screenLinkCounts,
  unlinkScreen,
  type CardScreenLink,
  type ScreenCardLink,
} from "./links";
export { imageUrl, readImage, uploadImage } from "./images";
export { publishPresence, wireframeEvents } from "./events";
