// /auth/callback: the same form as /auth (spec section 2); OAuth returns to /auth/callback/<provider>.
export { authFormLoader as loader, authFormAction as action } from "~/.server/auth/auth-form";
export { AuthScreen as default, authMeta as meta } from "~/components/auth/auth-screen";
