// /auth/callback: the same form as /auth (spec section 2).
export { action, loader } from "./auth._index.server";
