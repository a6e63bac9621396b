/** One main component: change it, or delete it (a resource route, no UI). */
export { action } from "./api.wireframes.components_.$id.server";
