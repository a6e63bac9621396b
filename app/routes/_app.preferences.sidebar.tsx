// POST /preferences/sidebar: the sidebar toggle; its server side is ./_app.preferences.sidebar.server.ts.
export { action, loader } from "./_app.preferences.sidebar.server";
