import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { buttonClass } from "~/components/ui/button-styles";
import type { action, loader } from "./invite.$token.server";

// /invite/<token>: a workspace invitation; its server side is ./invite.$token.server.ts.
export { action, loader } from "./invite.$token.server";

export const meta: MetaFunction = () => [{ title: "Invitation · Atelier" }];

export default function InvitePage() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (d.state !== "open" || !("workspaceName" in d)) {
    const why =
      d.state === "accepted"
        ? "This invitation has already been used."
        : d.state === "revoked"
          ? "This invitation was revoked."
          : d.state === "expired"
            ? "This invitation has expired."
            : "This invitation link is not valid.";
    return (
      <AuthCard
        title="Invitation unavailable"
        footer={
          <Link to="/" className="font-medium text-brand-700 hover:underline">
            Go to Atelier
          </Link>
        }
      >
        <p className="text-sm text-slate-700">{why} Ask the person who invited you for a new link.</p>
      </AuthCard>
    );
  }
  const mine = d.signedInAs === d.email;
  const redirect = encodeURIComponent(d.back);
  return (
    <AuthCard
      title={`Join ${d.workspaceName}`}
      subtitle={`${d.inviterName || "A teammate"} invited ${d.email} to join as ${d.role.toLowerCase()}.`}
    >
      {actionData?.message ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {actionData.message}
        </p>
      ) : null}
      {mine ? (
        <Form method="post">
          <button type="submit" disabled={busy} className={buttonClass("primary", "md", "w-full")}>
            {busy ? "Processing..." : `Join ${d.workspaceName}`}
          </button>
        </Form>
      ) : d.signedInAs ? (
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            You are signed in as <strong>{d.signedInAs}</strong>, but this invitation is for <strong>{d.email}</strong>. Sign out, then sign
            in or create an account with {d.email}.
          </p>
          <Form method="post" action="/logout">
            <button type="submit" className={buttonClass("secondary", "md", "w-full")}>
              Sign out
            </button>
          </Form>
        </div>
      ) : (
        <div className="space-y-3">
          <Link
            to={`/auth?mode=signup&email=${encodeURIComponent(d.email)}&redirectTo=${redirect}`}
            className={buttonClass("primary", "md", "w-full")}
          >
            Create an account
          </Link>
          <Link
            to={`/auth?email=${encodeURIComponent(d.email)}&redirectTo=${redirect}`}
            className={buttonClass("secondary", "md", "w-full")}
          >
            I already have an account
          </Link>
          <p className="text-xs text-slate-500">A new account joins the workspace as soon as its e-mail address is verified.</p>
        </div>
      )}
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
