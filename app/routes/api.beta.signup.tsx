// POST /api/beta/signup: a beta request as JSON (server side only).
export { action, loader } from "./api.beta.signup.server";
