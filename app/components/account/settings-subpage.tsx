import type { ReactNode } from "react";
import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";

/**
 * What the settings subpages (/settings/api-keys, /settings/webhooks, /settings/integrations)
 * share: the way back to Settings with the page's title and what it is for, and the panel that
 * asks before something is deleted (a plain form: it works without JavaScript).
 */
export function SettingsSubpageHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <p className="text-sm">
        <Link to="/settings" className="font-medium text-brand-700 hover:underline">
          Settings
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{children}</p>
    </div>
  );
}

/**
 * "Delete …?": the question, what follows, and the button that does it (posting `fields` to
 * `action`) beside "Keep it" (back to `action`). A page-level panel (`section`, h2), or one
 * inside a section (`nested`: a group, h3).
 */
export function ConfirmPanel({
  id,
  title,
  body,
  action,
  fields,
  confirm,
  testId,
  nested = false,
}: {
  id: string;
  title: string;
  body: ReactNode;
  action: string;
  fields: Record<string, string>;
  confirm: string;
  testId: string;
  nested?: boolean;
}) {
  const Heading = nested ? "h3" : "h2";
  const content = (
    <>
      <Heading id={`${id}-h`} className={`${nested ? "text-sm" : "text-base"} font-semibold break-all text-red-800`}>
        {title}
      </Heading>
      <p className="mt-1 text-sm text-slate-700">{body}</p>
      <Form method="post" action={action} className="mt-3 flex flex-wrap gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700">
          {confirm}
        </button>
        <Link to={action} className={buttonClass("secondary", "md")}>
          Keep it
        </Link>
      </Form>
    </>
  );
  return nested ? (
    <div className="mt-4 rounded-lg border border-red-200 p-4" role="group" aria-labelledby={`${id}-h`} data-testid={testId}>
      {content}
    </div>
  ) : (
    <section aria-labelledby={`${id}-h`} className="rounded-xl border border-red-200 bg-white p-5" data-testid={testId}>
      {content}
    </section>
  );
}
