// /admin: goes to /admin/beta (server side only).
export { loader } from "./admin._index.server";
