// /auth/callback/<provider>: where Google and GitHub send the browser back (server side only).
export { loader } from "./auth.callback.$provider.server";
