import { type ActionFunctionArgs, type LoaderFunctionArgs, data, redirect } from "@remix-run/node";
import { pinSpot, playerActionSchema } from "~/lib/forms/prototypes";
import { env } from "~/.server/env";
import { invalid, orErrorPage, parseSubmission, replyUserError } from "~/.server/http/submission";
import {
  createPin,
  createShareLink,
  getPrototype,
  listPins,
  listShareLinks,
  replyToPin,
  revokeShareLink,
  setPinResolved,
} from "~/.server/prototypes";
import { requireMember } from "~/.server/workspaces";

/**
 * /prototypes/{id}: a member plays a wireframe (viewers too). `?flow=&screen=&overlay=&from=`
 * say what shows (each a real URL, so reload, back and forward work without JavaScript);
 * `?comments=1` opens the feedback pins of the screen, `?share=1` the share links.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  const q = new URL(request.url).searchParams;
  const id = params.id ?? "";
  const played = await orErrorPage(() =>
    getPrototype(member, id, { flow: q.get("flow"), screen: q.get("screen"), overlay: q.get("overlay"), from: q.get("from") }),
  );
  const panel = q.get("share") === "1" ? "share" : q.get("comments") === "1" ? "comments" : null;
  const screenId = played.view?.screen.id;
  const [pins, links] = await Promise.all([
    panel === "comments" && screenId ? listPins(member, id, { screenId }) : Promise.resolve([]),
    panel === "share" && played.canShare ? listShareLinks(member, id) : Promise.resolve([]),
  ]);
  return { ...played, panel, pins, links, fit: q.get("zoom") !== "100" };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  const id = params.id ?? "";
  const submission = await parseSubmission(request, playerActionSchema);
  if (submission.status !== "success") return invalid(submission, { hideFields: ["password"] });
  const v = submission.value;
  try {
    switch (v.intent) {
      case "share": {
        const { token } = await createShareLink(member, id, {
          expiresInDays: v.expiresInDays ? Number(v.expiresInDays) : null,
          password: v.password ?? null,
          allowFeedback: v.allowFeedback ?? false,
        });
        return data({ ...submission.reply({ resetForm: true, hideFields: ["password"] }), shareUrl: `${env().APP_URL}/p/${token}` });
      }
      case "revoke":
        await revokeShareLink(member, id, v.linkId);
        break;
      case "pin":
        await createPin(member, id, { screenId: v.screenId, ...pinSpot(v), body: v.body });
        break;
      case "reply":
        await replyToPin(member, id, v.pinId, v.body);
        break;
      case "resolve":
      case "reopen":
        await setPinResolved(member, id, v.pinId, v.intent === "resolve");
        break;
    }
  } catch (error) {
    return replyUserError(submission, error, { hideFields: ["password"] });
  }
  // Back to the same screen and panel (303: a reload does not post again).
  const url = new URL(request.url);
  return redirect(`${url.pathname}${url.search}`, { status: 303 });
}
