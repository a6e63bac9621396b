import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard } from "~/components/auth/auth-card";
import type { action, loader } from "./notifications.unsubscribe.server";

export { action, loader } from "./notifications.unsubscribe.server";

export const meta: MetaFunction = () => [{ title: "E-mail notifications · Atelier" }, { name: "robots", content: "noindex" }];

export default function Unsubscribe() {
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() ?? loaded;
  if (!result.ok) {
    return (
      <AuthCard title="This link does not work" footer={<Link to="/settings#notifications">Choose your e-mails in settings</Link>}>
        <p className="text-sm text-slate-700">
          The unsubscribe link is incomplete or was changed. Sign in and choose your e-mails in settings instead.
        </p>
      </AuthCard>
    );
  }
  if (result.done) {
    return (
      <AuthCard title="You are unsubscribed" footer={<Link to="/settings#notifications">Change your e-mail choices</Link>}>
        <p role="status" className="text-sm text-slate-700">
          No more e-mails for “{result.label}”. You still see these notifications under the bell.
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Stop these e-mails?">
      <p className="text-sm text-slate-700">
        You will no longer get e-mails for “{result.label}”. They still show under the bell in Atelier.
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button type="submit" className="w-full rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          Unsubscribe
        </button>
      </Form>
    </AuthCard>
  );
}
