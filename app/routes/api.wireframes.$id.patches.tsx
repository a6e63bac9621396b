/** The editor's autosave: one patch of a wireframe (a resource route, no UI). */
export { action, loader } from "./api.wireframes.$id.patches.server";
