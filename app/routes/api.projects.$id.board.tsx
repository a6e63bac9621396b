/** The board as JSON (GET) and one board intent (POST): a resource route, no UI. */
export { action, loader } from "./api.projects.$id.board.server";
