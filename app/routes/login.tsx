// /login: the same form as /auth (spec section 2).
export { action, loader } from "~/.server/routes/sign-in";
export { AuthScreen as default, authMeta as meta } from "~/components/auth/auth-screen";
