/** A board's live changes as server-sent events (a resource route: no UI). */
export { loader } from "./projects.$id.events.server";
