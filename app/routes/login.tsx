// /login: the same form as /auth (spec section 2).
export { authFormLoader as loader, authFormAction as action } from "~/.server/auth/auth-form";
export { AuthScreen as default, authMeta as meta } from "~/components/auth/auth-screen";
