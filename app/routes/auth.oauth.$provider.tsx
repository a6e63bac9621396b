// /auth/oauth/<provider>: starts Google or GitHub sign-in (server side only).
export { action, loader } from "./auth.oauth.$provider.server";
