// POST /api/beta/email-capture: the e-mail-only waitlist as JSON (server side only).
export { action, loader } from "./api.beta.email-capture.server";
