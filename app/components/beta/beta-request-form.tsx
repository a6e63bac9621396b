import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import type { BetaFormResult, BetaFormValues } from "~/.server/beta/form";
import { Button } from "~/components/ui/button";
import { Field, FormMessage, useHydrated } from "~/components/ui/form";

/** The spec's fallback when a failed answer carries no text of its own. */
export const REQUEST_FAILED = "Request failed";

const DETAIL_FIELDS = ["inviteCode", "fullName", "company", "role", "reason"] as const;

/**
 * The Request Beta Access form of /signup (spec section 2). A plain post to the
 * route's action, so it works without JavaScript; <details> keeps the invite section
 * collapsible without it too. JavaScript adds the live button label, the disabled
 * state while the e-mail is empty, and clears the fields after a success.
 */
export function BetaRequestForm({ result }: { result: BetaFormResult | undefined }) {
  // Each success remounts the fields, so they come back empty (with JavaScript too).
  const [successes, setSuccesses] = useState(0);
  useEffect(() => {
    if (result?.ok) setSuccesses((n) => n + 1);
  }, [result]);
  const failed = result && !result.ok ? result : undefined;

  return (
    <div className="space-y-4">
      {result?.ok ? <FormMessage tone="success">{result.message}</FormMessage> : null}
      {failed && (failed.error || Object.keys(failed.fieldErrors).length === 0) ? (
        <FormMessage tone="error">{failed.error || REQUEST_FAILED}</FormMessage>
      ) : null}
      <BetaFields key={successes} failed={failed} />
    </div>
  );
}

function BetaFields({ failed }: { failed: Extract<BetaFormResult, { ok: false }> | undefined }) {
  const values: BetaFormValues = failed?.values ?? {};
  const errors = failed?.fieldErrors ?? {};
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [email, setEmail] = useState(values.email ?? "");
  const [inviteCode, setInviteCode] = useState(values.inviteCode ?? "");
  const detailsOpen = DETAIL_FIELDS.some((f) => values[f]?.trim() || errors[f]);

  const label = busy ? "Submitting…" : inviteCode.trim() ? "Submit Invite Request" : "Join Beta Waitlist";

  return (
    <Form method="post" noValidate className="space-y-4">
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={values.email}
        error={errors.email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        placeholder="you@company.com"
      />
      <details open={detailsOpen || undefined} className="group rounded-md border border-slate-200 bg-slate-50/60">
        <summary className="cursor-pointer select-none rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-slate-100">
          Have an invite code?
        </summary>
        <div className="space-y-4 border-t border-slate-200 px-3 py-4">
          <Field
            label="Invite code"
            name="inviteCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="BETA-X7K9P2"
            defaultValue={values.inviteCode}
            error={errors.inviteCode}
            onChange={(e) => setInviteCode(e.currentTarget.value)}
          />
          <Field label="Full name" name="fullName" autoComplete="name" defaultValue={values.fullName} error={errors.fullName} />
          <Field label="Company" name="company" autoComplete="organization" defaultValue={values.company} error={errors.company} />
          <Field label="Role" name="role" autoComplete="organization-title" defaultValue={values.role} error={errors.role} />
          <TextArea label="Reason for access" name="reason" defaultValue={values.reason} error={errors.reason} />
        </div>
      </details>
      <Button type="submit" className="w-full" disabled={busy || (hydrated && email.trim() === "")}>
        {label}
      </Button>
      <p className="text-xs text-slate-500">
        Submitting this form does not grant access yet. We review every request and e-mail you an invite code if it is approved.
      </p>
    </Form>
  );
}

function TextArea({ label, name, defaultValue, error }: { label: string; name: string; defaultValue?: string; error?: string }) {
  const id = `${name}-${useId()}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={3}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 ${error ? "border-red-500" : "border-slate-300"}`}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
