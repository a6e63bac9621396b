import { teamSchema } from "~/lib/forms/team";
import { redirectWithToast } from "~/.server/http/flash";
import { invalid, parseSubmission, replyError, replyUserError } from "~/.server/http/submission";
import { MailError } from "~/.server/mail";
import { getMemberContext } from "~/.server/workspaces";
import { inviteMember, resendInvitation, revokeInvitation } from "~/.server/workspaces/invitations";
import { changeRole, removeMember } from "~/.server/workspaces/members";

/**
 * The team's form, posted from /team and from a member's page (/team/:id): both routes'
 * actions are this one handler (app/routes/_app.team._index.server.ts, _app.team.$id.server.ts).
 */

/** Sending again mails the same link, so the e-mail the person already has keeps working. */
const resentToast = (to: string) => ({
  variant: "success" as const,
  title: "Invitation sent again",
  description: `We e-mailed ${to} again. The link in their earlier e-mail works too.`,
});

/**
 * The team's mutations, one intent each (also posted from a member's page, which is
 * `back`): success redirects with a toast, a failure answers the form's reply with a 4xx.
 */
export async function teamAction(request: Request, back = "/team") {
  const member = await getMemberContext(request);
  const submission = await parseSubmission(request, teamSchema);
  if (submission.status !== "success") return invalid(submission);
  const input = submission.value;
  try {
    switch (input.intent) {
      case "invite": {
        const { resent } = await inviteMember(member, input.email, input.role);
        return redirectWithToast(
          back,
          resent
            ? resentToast(input.email)
            : { variant: "success", title: "Invitation sent", description: `We e-mailed an invitation to ${input.email}.` },
          { status: 303 },
        );
      }
      case "resend": {
        const to = await resendInvitation(member, input.invitationId);
        return redirectWithToast(back, resentToast(to), { status: 303 });
      }
      case "revoke": {
        const to = await revokeInvitation(member, input.invitationId);
        return redirectWithToast(
          back,
          { variant: "success", title: "Invitation revoked", description: `The link sent to ${to} no longer works.` },
          { status: 303 },
        );
      }
      case "change-role":
        await changeRole(member, input.userId, input.role);
        return redirectWithToast(back, { variant: "success", title: "Role changed" }, { status: 303 });
      case "remove": {
        const self = input.userId === member.user.id;
        await removeMember(member, input.userId);
        return redirectWithToast(
          self ? "/dashboard" : "/team",
          { variant: "success", title: self ? "You left the workspace" : "Member removed" },
          { status: 303 },
        );
      }
      case "leave":
        await removeMember(member, member.user.id);
        return redirectWithToast("/dashboard", { variant: "success", title: `You left ${member.workspace.name}` }, { status: 303 });
    }
  } catch (error) {
    if (error instanceof MailError) {
      return replyError(
        submission,
        502,
        `The invitation was saved but the e-mail could not be sent: ${error.message} Use "Resend" to try again.`,
      );
    }
    return replyUserError(submission, error);
  }
}
