import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { checkEmailChange, confirmEmailChange } from "~/.server/account/profile";
import { getUser } from "~/.server/auth/session";
import { redirectWithToast } from "~/.server/http/flash";
import { AuthCard } from "~/components/auth/auth-card";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { buttonClass } from "~/components/ui/button-styles";

export const meta: MetaFunction = () => [{ title: "Confirm your e-mail address · Atelier" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const change = await checkEmailChange(token);
  if (!change) return data({ valid: false as const, token: "", newEmail: "" }, { status: 400 });
  return { valid: true as const, token: token!, newEmail: change.newEmail };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const result = await confirmEmailChange(String(form.get("token") ?? ""));
  if (!result.ok) return data({ message: result.message }, { status: 400 });
  const signedIn = await getUser(request);
  return redirectWithToast(
    signedIn ? "/profile" : "/auth",
    {
      variant: "success",
      title: "E-mail address changed",
      description: `Sign in with ${result.email} from now on.`,
    },
    { status: 303 },
  );
}

export default function ConfirmEmail() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  if (!d.valid) {
    return (
      <AuthCard
        title="Link not valid"
        footer={
          <Link to="/profile" className="font-medium text-brand-700 hover:underline">
            Back to your profile
          </Link>
        }
      >
        <p className="text-sm text-slate-700">
          This confirmation link is invalid or has expired. Request the change again from your profile.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your new e-mail address" subtitle={`Use ${d.newEmail} to sign in to Atelier from now on.`}>
      {a?.message ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {a.message}
        </p>
      ) : null}
      <Form method="post">
        <input type="hidden" name="token" value={d.token} />
        <button type="submit" className={buttonClass("primary", "md", "w-full")}>
          Confirm {d.newEmail}
        </button>
      </Form>
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
