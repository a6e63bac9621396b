import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { emailChoicesSchema } from "~/lib/forms/notifications";
import { NOTIFICATION_KINDS } from "~/lib/notifications";
import { redirectWithToast } from "~/.server/http/flash";
import { parseSubmission } from "~/.server/http/submission";
import { setEmailChoice } from "~/.server/notifications";
import { requireMember } from "~/.server/workspaces";

/** The form lives on /settings; a visit here goes there. */
export function loader() {
  return redirect("/settings#notifications");
}

/** POST /settings/notifications: the user's e-mail choice per notification kind. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const submission = await parseSubmission(request, emailChoicesSchema);
  if (submission.status !== "success") {
    return redirectWithToast(
      "/settings#notifications",
      { variant: "error", title: "Choose one option for each kind of notification." },
      { status: 303 },
    );
  }
  for (const kind of NOTIFICATION_KINDS) await setEmailChoice(member.user.id, kind, submission.value[kind]);
  return redirectWithToast("/settings#notifications", { variant: "success", title: "E-mail choices saved" }, { status: 303 });
}
