/** The command palette's search results as JSON. */
export { loader } from "./api.search.server";
