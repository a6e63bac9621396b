// POST /insights: the dismiss and snooze forms of every insight list; its server side is ./insights.server.ts.
export { action, loader } from "./insights.server";
