import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { getUser, safeRedirect } from "~/.server/auth/session";
import { redirectWithToast } from "~/.server/http/flash";
import { parseSubmission } from "~/.server/http/submission";
import { saveTheme, themeCookieHeader } from "~/.server/preferences/theme";
import { themePreferenceSchema } from "~/lib/forms/theme";
import { THEME_LABELS } from "~/lib/theme";

/**
 * POST /preferences/theme: System, Light or Dark. A plain form (it works without JavaScript),
 * answered by a redirect back to `redirectTo` (/profile by default), where the server renders
 * the page in the new theme. Signed in, the choice is stored on the user; the cookie carries it
 * to the pages a signed-out visitor sees.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await getUser(request);
  const submission = await parseSubmission(request, themePreferenceSchema);
  if (submission.status !== "success") return new Response("theme must be system, light or dark", { status: 400 });
  const { theme, redirectTo } = submission.value;
  if (user) await saveTheme(user.id, theme);
  const to = safeRedirect(redirectTo, user ? "/profile" : "/");
  const headers = { "Set-Cookie": themeCookieHeader(theme) };
  if (!user) return redirect(to, { status: 303, headers });
  return redirectWithToast(
    to,
    { variant: "success", title: "Theme saved", description: `${THEME_LABELS[theme]} theme.` },
    { status: 303, headers },
  );
}

export const loader = () => redirect("/profile");
