import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { env } from "~/.server/env";

/**
 * Whether the sidebar is collapsed on large screens, kept in a cookie so the server renders
 * the shell the way the user left it. A preference, not a secret: unsigned, a year long.
 */
let cookie: ReturnType<typeof createCookie> | undefined;

function sidebarCookie() {
  cookie ??= createCookie("atelier_sidebar", {
    httpOnly: true,
    sameSite: "lax",
    secure: env().APP_URL.startsWith("https://"),
    path: "/",
    maxAge: 60 * 60 * 24 * 365,
  });
  return cookie;
}

export async function readSidebarCollapsed(request: Request): Promise<boolean> {
  return (await sidebarCookie().parse(request.headers.get("Cookie"))) === "collapsed";
}

export function sidebarCookieHeader(collapsed: boolean): Promise<string> {
  return sidebarCookie().serialize(collapsed ? "collapsed" : "expanded");
}

const sidebarPreferenceSchema = z.object({
  collapsed: z.enum(["true", "false"]),
  redirectTo: z.string().optional(),
});

/** The toggle's form: `collapsed` ("true"/"false") and, from the no-JavaScript form, `redirectTo`. */
export function parseSidebarPreference(form: FormData) {
  const parsed = sidebarPreferenceSchema.safeParse(Object.fromEntries(form));
  return parsed.success ? { collapsed: parsed.data.collapsed === "true", redirectTo: parsed.data.redirectTo } : null;
}
