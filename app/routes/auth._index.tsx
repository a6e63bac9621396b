// /auth: sign in, sign up or request a reset e-mail (?mode=signin|signup|reset).
export { action, loader } from "~/.server/routes/sign-in";
export { AuthScreen as default, authMeta as meta } from "~/components/auth/auth-screen";
