export { action, loader } from "./api.stripe.webhook.server";
