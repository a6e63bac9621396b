import { createCookie } from "@remix-run/node";
import { env } from "../env";
import { sessionSecrets } from "../secrets";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

function secure() {
  return env().APP_URL.startsWith("https://");
}

let sessionCookie: ReturnType<typeof createCookie> | undefined;
let flashCookie: ReturnType<typeof createCookie> | undefined;

/** Holds only a random session id; the session itself is a row in Postgres. */
export function getSessionCookie() {
  sessionCookie ??= createCookie("atelier_session", {
    httpOnly: true,
    sameSite: "lax",
    secure: secure(),
    path: "/",
    maxAge: SESSION_MAX_AGE_SECONDS,
    secrets: sessionSecrets(),
  });
  return sessionCookie;
}

/** One-shot messages (toasts) carried across a redirect, so they show without JavaScript. */
export function getFlashCookie() {
  flashCookie ??= createCookie("atelier_flash", {
    httpOnly: true,
    sameSite: "lax",
    secure: secure(),
    path: "/",
    maxAge: 60,
    secrets: sessionSecrets(),
  });
  return flashCookie;
}
