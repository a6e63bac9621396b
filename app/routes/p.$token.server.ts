import { type ActionFunctionArgs, type LoaderFunctionArgs, data, redirect } from "@remix-run/node";
import { pinSpot, sharedActionSchema } from "~/lib/forms/prototypes";
import { isUserError, type UserError } from "~/.server/errors";
import { clientIp } from "~/.server/http/request";
import { invalid, parseSubmission, replyUserError } from "~/.server/http/submission";
import { createGuestPin, isUnlocked, openShareLink, sharedScreenUrl, unlockShareLink } from "~/.server/prototypes";
import { playScreen } from "~/.server/prototypes/player";
import { open, unlockCookie } from "~/.server/prototypes/share-link-request";

/**
 * /p/{token}: a shared prototype, for anyone with the link and no account. Outside the
 * signed-in layout: it shows this one prototype, its name and its author's, nothing else of
 * the workspace. 404 for an unknown link, 410 for a revoked or expired one (a page that
 * says so), 429 with Retry-After for too many guesses. A password gate sets a cookie for
 * this link's path only.
 */
/** A refused link as the page's own state (not the error boundary), with its status. */
function refused(error: UserError) {
  return data(
    { state: "refused" as const, status: error.status, message: error.message },
    { status: error.status, headers: error.headers },
  );
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const entering = !q.has("screen") && !q.has("overlay") && !q.has("flow");
  const shared = await open(request, params.token ?? "", entering);
  if (isUserError(shared)) return refused(shared);
  const cookie = await unlockCookie(shared.linkId).parse(request.headers.get("Cookie"));
  if (!isUnlocked(shared, cookie)) return data({ state: "locked" as const, name: shared.name }, { status: 401 });
  const token = params.token ?? "";
  const played = playScreen(
    shared.document,
    { flow: q.get("flow"), screen: q.get("screen"), overlay: q.get("overlay"), from: q.get("from") },
    (screenId) => sharedScreenUrl(token, shared.seq, screenId),
  );
  return {
    state: "playing" as const,
    name: shared.name,
    authorName: shared.authorName,
    allowFeedback: shared.allowFeedback,
    feedback: q.get("feedback") === "1" && shared.allowFeedback,
    sent: q.get("sent") === "1",
    fit: q.get("zoom") !== "100",
    ...played,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const submission = await parseSubmission(request, sharedActionSchema);
  if (submission.status !== "success") return invalid(submission, { hideFields: ["password"] });
  const v = submission.value;
  const url = new URL(request.url);
  try {
    if (v.intent === "unlock") {
      const { linkId, value } = await unlockShareLink(token, v.password, { ip: clientIp(request) });
      return redirect(`${url.pathname}${url.search}`, {
        status: 303,
        headers: { "Set-Cookie": await unlockCookie(linkId).serialize(value, { path: url.pathname }) },
      });
    }
    const shared = await openShareLink(token, { ip: clientIp(request) });
    const cookie = await unlockCookie(shared.linkId).parse(request.headers.get("Cookie"));
    if (!isUnlocked(shared, cookie)) return redirect(url.pathname, { status: 303 });
    await createGuestPin(shared, { name: v.name, screenId: v.screenId, ...pinSpot(v), body: v.body });
  } catch (error) {
    return replyUserError(submission, error, { hideFields: ["password"] });
  }
  url.searchParams.delete("feedback");
  url.searchParams.set("sent", "1");
  return redirect(`${url.pathname}${url.search}`, { status: 303 });
}
