// /reset-password: the new-password form the reset e-mail links to (spec section 2).
import type { MetaFunction } from "@remix-run/node";

export { action, loader } from "./reset-password.server";
export { ResetPasswordScreen as default } from "~/components/auth/reset-password-form";

export const meta: MetaFunction = () => [{ title: "Reset your password · Atelier" }];
