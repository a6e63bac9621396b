// /logout: POST signs out (server side only).
export { action, loader } from "./logout.server";
