// /login: the same form as /auth (spec section 2).
export { action, loader } from "~/.server/auth/sign-in-route";
export { AuthScreen as default, authMeta as meta } from "~/components/auth/auth-screen";
