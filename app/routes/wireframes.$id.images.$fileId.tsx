/** An image of a wireframe (a resource route, no UI). */
export { loader } from "./wireframes.$id.images.$fileId.server";
