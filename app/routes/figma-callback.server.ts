import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { getUser } from "~/.server/auth/session";
import { clearFigmaState, finishFigmaConnect, type FigmaCallbackOutcome } from "~/.server/integrations/figma-oauth";
import { requireMember } from "~/.server/workspaces";

/**
 * Where Figma sends the browser back after "Connect Figma" (decision 030). No sign-in guard
 * (a visitor who is not signed in is told what this page is); a signed-in member's attempt is
 * finished here: connected, refused (at Figma, or its token endpoint said no), or expired (the
 * state does not match the attempt this browser started, or it is older than ten minutes).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const headers = { "Set-Cookie": await clearFigmaState(), "Cache-Control": "no-store" };
  if (!(await getUser(request))) return data({ outcome: "signed-out" } as const, { headers });
  const member = await requireMember(request);
  const result: FigmaCallbackOutcome = await finishFigmaConnect(member, new URL(request.url).searchParams, request.headers.get("Cookie"));
  return data(result, { headers });
}
