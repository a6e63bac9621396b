/** Who is in the wireframe and what they selected (a resource route, no UI). */
export { action, loader } from "./api.wireframes.$id.presence.server";
