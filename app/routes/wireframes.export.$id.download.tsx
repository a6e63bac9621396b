/** A wireframe's export as a file (a resource route, no UI): /wireframes/export/{id}/download?format=… */
export { loader } from "./wireframes.export.$id.download.server";
