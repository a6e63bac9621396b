/** The bell's data as JSON (unread count and the latest few), fetched when the live stream says something changed. */
export { loader } from "./api.notifications.server";
