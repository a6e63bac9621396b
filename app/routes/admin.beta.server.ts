import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/.server/beta/admin";
import {
  type InviteOutcome,
  LIST_LIMIT,
  approveBetaRequest,
  betaCounts,
  declineBetaRequest,
  listBetaRequests,
  resendInvite,
} from "~/.server/beta/invites";
import { redirectWithToast } from "~/.server/http/flash";
import { parseSubmission } from "~/.server/http/submission";
import { formatDateTime } from "~/lib/dates";
import { betaDecisionSchema, parseStatus } from "~/lib/forms/beta";
import type { ToastInput } from "~/lib/toast";

export const ADMIN_BETA_PATH = "/admin/beta";

/** One status tab of the beta queue, newest first, with the counts of every tab. Admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const status = parseStatus(new URL(request.url).searchParams.get("status"));
  const [rows, counts] = await Promise.all([listBetaRequests(status), betaCounts()]);
  const when = (d: Date | null) => (d ? formatDateTime(d, admin.timeZone) : null);
  return {
    status,
    counts,
    limit: LIST_LIMIT,
    requests: rows.map((r) => ({
      ...r,
      createdAt: formatDateTime(r.createdAt, admin.timeZone),
      decidedAt: when(r.decidedAt),
      inviteUsedAt: when(r.inviteUsedAt),
    })),
  };
}

function inviteToast(outcome: InviteOutcome, id: string, verb: "approved" | "resent"): ToastInput {
  switch (outcome.kind) {
    case "sent":
      return {
        variant: "success",
        title: verb === "approved" ? "Request approved" : "Invite resent",
        description: `Invite code ${outcome.inviteCode} was e-mailed to ${outcome.email}.`,
      };
    case "mail-failed":
      return {
        variant: "error",
        title: "Invite e-mail not sent",
        description: `${outcome.email} is approved with code ${outcome.inviteCode}, but the invite e-mail was not sent. ${outcome.reason}`,
        duration: 0,
        action: { label: "Resend invite", href: `${ADMIN_BETA_PATH}?status=approved#request-${id}` },
      };
    case "not-allowed":
      return { variant: "warning", title: "Nothing changed", description: outcome.reason };
    case "not-found":
      return { variant: "error", title: "Request not found", description: "It may have been removed." };
  }
}

/**
 * Approve, decline or resend, by `intent`. Always answers with a redirect back to the
 * tab the admin was on, carrying a toast (so it works without JavaScript).
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = await parseSubmission(request, betaDecisionSchema);
  const status = submission.payload.status;
  const back = `${ADMIN_BETA_PATH}?status=${parseStatus(typeof status === "string" ? status : null)}`;
  if (submission.status !== "success") {
    return redirectWithToast(back, { variant: "error", title: "That action is not available." });
  }
  const { intent, id } = submission.value;
  if (intent === "decline") {
    const outcome = await declineBetaRequest(id, admin.id);
    const toast: ToastInput =
      outcome.kind === "declined"
        ? { variant: "info", title: "Request declined", description: `${outcome.email} was declined.` }
        : inviteToast(outcome, id, "approved");
    return redirectWithToast(back, toast);
  }
  const outcome = intent === "approve" ? await approveBetaRequest(id, admin.id) : await resendInvite(id);
  return redirectWithToast(back, inviteToast(outcome, id, intent === "approve" ? "approved" : "resent"));
}
