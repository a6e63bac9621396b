import { z } from "zod";
import type { ToastInput } from "~/lib/toast";
import { redirectWithToast } from "../http/flash";
import { approveBetaRequest, declineBetaRequest, parseStatus, resendInvite, type InviteOutcome } from "./invites";

const adminBetaActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), id: z.uuid() }),
  z.object({ intent: z.literal("decline"), id: z.uuid() }),
  z.object({ intent: z.literal("resend"), id: z.uuid() }),
]);

export const ADMIN_BETA_PATH = "/admin/beta";

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
 * The /admin/beta post: approve, decline or resend, by `intent`. Always answers with a
 * redirect back to the tab the admin was on, carrying a toast (so it works without
 * JavaScript). Call after requireAdmin.
 */
export async function handleAdminBetaAction(request: Request, adminId: string) {
  const form = await request.formData();
  const back = `${ADMIN_BETA_PATH}?status=${parseStatus(String(form.get("status") ?? ""))}`;
  const parsed = adminBetaActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return redirectWithToast(back, { variant: "error", title: "That action is not available." });
  }
  const { intent, id } = parsed.data;
  if (intent === "decline") {
    const outcome = await declineBetaRequest(id, adminId);
    const toast: ToastInput =
      outcome.kind === "declined"
        ? { variant: "info", title: "Request declined", description: `${outcome.email} was declined.` }
        : inviteToast(outcome, id, "approved");
    return redirectWithToast(back, toast);
  }
  const outcome = intent === "approve" ? await approveBetaRequest(id, adminId) : await resendInvite(id);
  return redirectWithToast(back, inviteToast(outcome, id, intent === "approve" ? "approved" : "resent"));
}
