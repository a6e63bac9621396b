export { action, loader } from "./api.stripe.cancel-subscription.server";
