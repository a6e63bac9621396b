export { action, loader } from "./api.stripe.subscriptions.server";
