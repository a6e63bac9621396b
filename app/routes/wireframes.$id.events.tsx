/** A wireframe's live events for its editors (a resource route, no UI). */
export { loader } from "./wireframes.$id.events.server";
