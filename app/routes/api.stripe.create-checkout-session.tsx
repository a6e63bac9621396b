export { action, loader } from "./api.stripe.create-checkout-session.server";
