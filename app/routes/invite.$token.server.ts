import { type ActionFunctionArgs, type LoaderFunctionArgs, data } from "@remix-run/node";
import { getUser, requireUser } from "~/.server/auth/session";
import { isUserError } from "~/.server/errors";
import { redirectWithToast } from "~/.server/http/flash";
import { acceptInvitation, findInvitation } from "~/.server/workspaces/invitations";
import { ROLE_LABELS } from "~/lib/permissions";

/** /invite/<token>: opening the link shows the invitation; only the POST spends it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const [invitation, user] = await Promise.all([findInvitation(token), getUser(request)]);
  const back = `/invite/${encodeURIComponent(token)}`;
  if (!invitation) return data({ state: "invalid" as const, back }, { status: 404 });
  return {
    state: invitation.state,
    back,
    workspaceName: invitation.workspaceName,
    inviterName: invitation.inviterName,
    role: ROLE_LABELS[invitation.role],
    email: invitation.email,
    signedInAs: user?.email ?? null,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  try {
    await acceptInvitation(params.token ?? "", user);
  } catch (error) {
    if (isUserError(error)) return data({ message: error.message }, { status: error.status });
    throw error;
  }
  return redirectWithToast(
    "/dashboard",
    { variant: "success", title: "Welcome to the team", description: "You joined the workspace." },
    { status: 303 },
  );
}
