import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { type BetaFormReply, betaSignupSchema } from "~/lib/forms/beta";
import { Button } from "~/components/ui/button";
import { FormErrors, fieldProps, textareaProps, useSchemaForm } from "~/components/ui/conform";
import { Field, FormMessage, useHydrated } from "~/components/ui/form";

/** The spec's fallback when a failed answer carries no text of its own. */
export const REQUEST_FAILED = "Request failed";

const DETAIL_FIELDS = ["inviteCode", "fullName", "company", "role", "reason"] as const;

/**
 * The Request Beta Access form of /signup (spec section 2). A plain post to the
 * route's action, so it works without JavaScript; <details> keeps the invite section
 * collapsible without it too. JavaScript adds the live button label, the disabled
 * state while the e-mail is empty, and the schema's messages before posting. A
 * success empties the form (the server's reply resets it).
 */
export function BetaRequestForm({ reply }: { reply: BetaFormReply | undefined }) {
  // Checked on submit, then as the user corrects (a message on leaving a field would move the centred card).
  const [form, fields] = useSchemaForm(betaSignupSchema, { lastResult: reply, shouldValidate: "onSubmit" });
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const typed = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const detailsOpen = DETAIL_FIELDS.some((f) => typed(fields[f].initialValue) || fields[f].errors);
  const label = busy ? "Submitting…" : typed(fields.inviteCode.value) ? "Submit Invite Request" : "Join Beta Waitlist";
  const silentFailure = reply?.status === "error" && !Object.values(reply.error ?? {}).some((messages) => messages?.length);

  return (
    <div className="space-y-4">
      {reply?.message ? <FormMessage tone="success">{reply.message}</FormMessage> : null}
      {silentFailure ? <FormMessage tone="error">{REQUEST_FAILED}</FormMessage> : <FormErrors form={form} />}
      {/* Keyed by the form's reset: a success brings the fields back empty and the details closed. */}
      <Form key={form.key} method="post" {...getFormProps(form)} className="space-y-4">
        <Field label="Email" autoComplete="email" placeholder="you@company.com" {...fieldProps(fields.email, { type: "email" })} />
        <details open={detailsOpen || undefined} className="group rounded-md border border-slate-200 bg-slate-50/60">
          <summary className="cursor-pointer select-none rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-slate-100">
            Have an invite code?
          </summary>
          <div className="space-y-4 border-t border-slate-200 px-3 py-4">
            <Field
              label="Invite code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="BETA-X7K9P2"
              {...fieldProps(fields.inviteCode, { type: "text" })}
            />
            <Field label="Full name" autoComplete="name" {...fieldProps(fields.fullName, { type: "text" })} />
            <Field label="Company" autoComplete="organization" {...fieldProps(fields.company, { type: "text" })} />
            <Field label="Role" autoComplete="organization-title" {...fieldProps(fields.role, { type: "text" })} />
            <TextArea label="Reason for access" {...textareaProps(fields.reason)} />
          </div>
        </details>
        <Button type="submit" className="w-full" disabled={busy || (hydrated && typed(fields.email.value) === "")}>
          {label}
        </Button>
        <p className="text-xs text-slate-500">
          Submitting this form does not grant access yet. We review every request and e-mail you an invite code if it is approved.
        </p>
      </Form>
    </div>
  );
}

function TextArea({
  label,
  id,
  error,
  ...textarea
}: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; id: string; name: string; error?: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 ${error ? "border-red-500" : "border-slate-300"}`}
        {...textarea}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
