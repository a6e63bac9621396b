/** The signed-in user's live notification events, for the bell (a resource route, no UI). */
export { loader } from "./notifications.events.server";
