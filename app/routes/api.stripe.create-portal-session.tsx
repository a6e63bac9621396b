export { action, loader } from "./api.stripe.create-portal-session.server";
