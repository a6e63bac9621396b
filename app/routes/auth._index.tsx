// /auth: sign in, sign up or request a reset e-mail (?mode=signin|signup|reset).
export { authFormLoader as loader, authFormAction as action } from "~/.server/auth/auth-form";
export { AuthScreen as default, authMeta as meta } from "~/components/auth/auth-screen";
