import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { notificationsActionSchema } from "~/lib/forms/notifications";
import { redirectWithToast } from "~/.server/http/flash";
import { safeRedirect } from "~/.server/auth/session";
import { parseSubmission } from "~/.server/http/submission";
import { listNotifications, markAllRead, markRead, unreadCount } from "~/.server/notifications";
import { requireMember } from "~/.server/workspaces";

/** /notifications?filter=unread&page=2: the user's notifications in this workspace, twenty a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const url = new URL(request.url);
  const unreadOnly = url.searchParams.get("filter") === "unread";
  const page = Math.min(10_000, Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const [list, unread] = await Promise.all([
    listNotifications(member.user.id, member.workspace.id, { page, unreadOnly }),
    unreadCount(member.user.id, member.workspace.id),
  ]);
  return { ...list, unread, unreadOnly };
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const submission = await parseSubmission(request, notificationsActionSchema);
  const back = backTo(request);
  if (submission.status !== "success") return redirect(back, { status: 303 });
  const { value } = submission;
  const me = member.user.id;
  const ws = member.workspace.id;
  switch (value.intent) {
    case "open": {
      const url = await markRead(me, ws, value.id);
      return redirect(safeRedirect(url, "/notifications"), { status: 303 });
    }
    case "mark-read":
    case "mark-unread":
      await markRead(me, ws, value.id, value.intent === "mark-read");
      return redirect(back, { status: 303 });
    case "mark-all-read": {
      const n = await markAllRead(me, ws);
      return redirectWithToast(back, { variant: "success", title: n ? `Marked ${n} as read.` : "Nothing unread." }, { status: 303 });
    }
  }
}

/** Back to the page the form was on (the bell sits on every page), when it is one of ours. */
function backTo(request: Request): string {
  const referer = request.headers.get("Referer");
  if (!referer) return "/notifications";
  try {
    const u = new URL(referer);
    if (u.host !== new URL(request.url).host) return "/notifications";
    return safeRedirect(`${u.pathname}${u.search}`, "/notifications");
  } catch {
    return "/notifications";
  }
}
