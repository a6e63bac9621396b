// POST /workspaces/switch: the workspace switcher; its server side is ./workspaces.switch.server.ts.
export { action, loader } from "./workspaces.switch.server";
