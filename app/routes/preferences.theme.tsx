// POST /preferences/theme: the theme form of /profile; its server side is ./preferences.theme.server.ts.
export { action, loader } from "./preferences.theme.server";
