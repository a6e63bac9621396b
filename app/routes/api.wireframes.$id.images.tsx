/** Upload an image into a wireframe (a resource route, no UI). */
export { action, loader } from "./api.wireframes.$id.images.server";
