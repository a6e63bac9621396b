import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { verifyEmail } from "~/.server/auth/email-auth";
import { AUTH_TEXT } from "~/.server/auth/messages";
import { checkToken } from "~/.server/auth/one-time-tokens";
import { getUser, signIn } from "~/.server/auth/session";
import { redirectWithToast } from "~/.server/http/flash";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { buttonClass } from "~/components/ui/button-styles";
import { Field, FormMessage } from "~/components/ui/form";

/**
 * /auth/verify?token=…, the link of the verification e-mail. Opening it only shows
 * a confirm button (mail scanners that follow links must not spend the token); the
 * POST spends it, marks the e-mail verified and signs the user in.
 */
type VerifyState =
  | { state: "ready"; email: string }
  | { state: "invalid"; message: string }
  /** A spent link opened by someone already signed in: only verified accounts can be. */
  | { state: "verified"; email: string };

export const meta: MetaFunction = () => [{ title: "Verify your email · Atelier" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const check = await checkToken("verify-email", token);
  if (!check.ok) {
    const user = await getUser(request);
    if (user) return data<VerifyState>({ state: "verified", email: user.email });
  }
  const body: VerifyState = check.ok
    ? { state: "ready", email: check.email }
    : { state: "invalid", message: check.reason === "expired" ? AUTH_TEXT.verifyLinkExpired : AUTH_TEXT.verifyLinkInvalid };
  return data(body, { status: check.ok ? 200 : 400 });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? new URL(request.url).searchParams.get("token") ?? "");
  const result = await verifyEmail(token);
  if (!result.ok) return data<VerifyState>({ state: "invalid", message: result.message }, { status: 400 });
  const headers = await signIn(request, result.userId);
  return redirectWithToast(
    "/dashboard",
    { title: AUTH_TEXT.emailVerifiedTitle, description: AUTH_TEXT.emailVerifiedDescription, variant: "success" },
    { headers },
  );
}

export default function VerifyEmail() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const view = actionData ?? loaderData;
  const busy = useNavigation().state !== "idle";
  const [searchParams] = useSearchParams();

  if (view.state === "verified") {
    return (
      <AuthCard
        title="Your e-mail address is verified"
        subtitle={
          <>
            You are signed in as <strong>{view.email}</strong>.
          </>
        }
      >
        <Link to="/dashboard" className={buttonClass("primary", "md", "w-full")}>
          Go to your dashboard
        </Link>
      </AuthCard>
    );
  }

  if (view.state === "invalid") {
    return (
      <AuthCard title="Verification link not valid">
        <div className="space-y-4">
          <FormMessage tone="error">{view.message}</FormMessage>
          <p className="text-sm text-slate-600">Enter your email address and we will send you a new link.</p>
          <Form method="post" action="/auth?mode=signin" noValidate className="space-y-4">
            <input type="hidden" name="intent" value="resend-verification" />
            <Field label="Email Address" name="email" type="email" autoComplete="email" required />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Processing..." : "Resend verification e-mail"}
            </Button>
          </Form>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Verify your email address"
      subtitle={
        <>
          Confirm that <strong>{view.email}</strong> is your address.
        </>
      }
    >
      <Form method="post">
        <input type="hidden" name="token" value={searchParams.get("token") ?? ""} />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Processing..." : "Verify email address"}
        </Button>
      </Form>
    </AuthCard>
  );
}
