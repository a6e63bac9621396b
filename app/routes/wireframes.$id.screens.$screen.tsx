/** A screen of a wireframe as an SVG file (a resource route, no UI): /wireframes/:id/screens/:screenId.svg. */
export { loader } from "./wireframes.$id.screens.$screen.server";
