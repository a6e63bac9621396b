export { action, loader } from "./api.stripe.create-payment-intent.server";
