/** The workspace's main components as JSON (a resource route, no UI). */
export { action, loader } from "./api.wireframes.components.server";
