export { action, loader } from "./api.stripe.config.server";
