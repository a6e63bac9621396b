import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/.server/auth/session";
import { isUserError } from "~/.server/errors";
import { redirectWithToast } from "~/.server/http/flash";
import { parseSubmission } from "~/.server/http/submission";
import { hideInsight } from "~/.server/insights";
import { requireMember } from "~/.server/workspaces";
import { hideInsightSchema } from "~/lib/forms/insights";
import { SNOOZE_DAYS } from "~/lib/insights";

/**
 * POST /insights: dismiss an insight (until its evidence changes) or snooze it for a week, for
 * the member posting. A plain form on /analytics, the board and the dashboard (it works
 * without JavaScript), answered by a redirect back to `redirectTo` with a toast; an insight
 * that no longer applies answers the same way with a warning.
 */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request, "project");
  const submission = await parseSubmission(request, hideInsightSchema);
  const posted = submission.payload.redirectTo;
  const back = safeRedirect(typeof posted === "string" ? posted : null, "/analytics");
  if (submission.status !== "success") {
    return redirectWithToast(
      back,
      { variant: "error", title: "Could not change that insight", description: "Try again from the list." },
      { status: 303 },
    );
  }
  try {
    const insight = await hideInsight(member, submission.value);
    const title = submission.value.how === "dismiss" ? "Insight dismissed" : `Insight snoozed for ${SNOOZE_DAYS} days`;
    const description =
      submission.value.how === "dismiss"
        ? `"${insight.title}" returns if its evidence changes.`
        : `"${insight.title}" returns in a week, or sooner if its evidence changes.`;
    return redirectWithToast(back, { variant: "success", title, description }, { status: 303 });
  } catch (error) {
    if (!isUserError(error)) throw error;
    return redirectWithToast(back, { variant: "warning", title: "Nothing to hide", description: error.message }, { status: 303 });
  }
}

export const loader = () => redirect("/analytics");
