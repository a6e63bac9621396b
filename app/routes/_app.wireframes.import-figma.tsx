export { action, loader } from "./_app.wireframes.import-figma.server";
