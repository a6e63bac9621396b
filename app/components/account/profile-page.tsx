import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { formatDateTime } from "~/lib/dates";
import {
  type ProfilePageData,
  type ProfileReply,
  type TimeZoneFormData,
  changeEmailSchema,
  changePasswordSchema,
  intentOfProfileReply,
  updateProfileSchema,
} from "~/lib/forms/account";
import { useTimeZone } from "~/components/time-zone";
import { buttonClass } from "~/components/ui/button-styles";
import { FormErrors, fieldProps, useSchemaForm } from "~/components/ui/conform";
import { Field, FormMessage } from "~/components/ui/form";
import { DraftRestored, useFormDraft } from "~/components/ui/use-form-draft";
import { ThemeForm } from "./theme-form";
import { TimeZoneForm } from "./time-zone-form";

/**
 * /profile: three forms (name and avatar, e-mail address, password), each with its
 * own schema (app/lib/forms/account.ts) and its own messages, and the sessions list.
 * Every form is a plain post; a reply reaches only the form it answers.
 */
export function ProfilePage({ data, reply }: { data: ProfilePageData & TimeZoneFormData; reply: ProfileReply | undefined }) {
  const zone = useTimeZone();
  const answered = intentOfProfileReply(reply);
  const replyFor = (intent: string) => (answered === intent ? reply : undefined);
  const sessionError = replyFor("sign-out-session")?.error?.[""]?.join(" ");
  return (
    <div className="max-w-3xl space-y-8">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Profile</h1>
        <p className="mt-1 text-sm text-slate-600">Your name, sign-in details and active sessions.</p>
      </div>

      <section aria-labelledby="about-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="about-h" className="text-base font-semibold text-slate-900">
          About you
        </h2>
        <AboutForm data={data} reply={replyFor("update-profile")} />
      </section>

      <section aria-labelledby="appearance-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="appearance-h" className="text-base font-semibold text-slate-900">
          Appearance
        </h2>
        <ThemeForm />
      </section>

      <section aria-labelledby="time-zone-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="time-zone-h" className="text-base font-semibold text-slate-900">
          Time zone
        </h2>
        <TimeZoneForm data={data} reply={replyFor("update-time-zone")} />
      </section>

      <section aria-labelledby="email-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="email-h" className="text-base font-semibold text-slate-900">
          E-mail address
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          You sign in with <strong>{data.user.email}</strong>.
          {data.pendingEmail ? ` A confirmation link was sent to ${data.pendingEmail}; the change happens when you open it.` : ""}
        </p>
        <EmailForm hasPassword={data.hasPassword} reply={replyFor("change-email")} />
      </section>

      <section aria-labelledby="password-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="password-h" className="text-base font-semibold text-slate-900">
          {data.hasPassword ? "Change password" : "Set a password"}
        </h2>
        <p className="mt-1 text-sm text-slate-600">Changing it signs you out on every other device.</p>
        <PasswordForm hasPassword={data.hasPassword} reply={replyFor("change-password")} />
      </section>

      <section aria-labelledby="sessions-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="sessions-h" className="text-base font-semibold text-slate-900">
          Active sessions
        </h2>
        {sessionError ? <FormMessage tone="error">{sessionError}</FormMessage> : null}
        <ul className="mt-3 divide-y divide-slate-100">
          {data.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 py-2.5 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  {s.userAgent} {s.current ? <span className="text-xs font-semibold text-green-700">(this device)</span> : null}
                </p>
                <p className="text-xs text-slate-500">
                  Signed in {formatDateTime(s.createdAt, zone)}
                  {s.ip ? ` from ${s.ip}` : ""}
                </p>
              </div>
              {!s.current ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="sign-out-session" />
                  <input type="hidden" name="sessionId" value={s.id} />
                  <button type="submit" className={buttonClass("ghost", "sm")}>
                    Sign out this session
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        {data.sessions.length > 1 ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="sign-out-others" />
            <button type="submit" className={buttonClass("secondary", "md")}>
              Sign out everywhere else
            </button>
          </Form>
        ) : null}
      </section>
    </div>
  );
}

function AboutForm({ data, reply }: { data: ProfilePageData; reply: ProfileReply | undefined }) {
  const [form, fields] = useSchemaForm(updateProfileSchema, {
    id: "profile-about",
    lastResult: reply,
    shouldValidate: "onSubmit",
    defaultValue: { fullName: data.user.fullName, avatarUrl: data.user.avatarUrl ?? "" },
  });
  const draft = useFormDraft("profile-about", { fullName: data.user.fullName, avatarUrl: data.user.avatarUrl ?? "" });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="update-profile" />
      <FormErrors form={form} />
      <Field label="Full Name" {...fieldProps(fields.fullName, { type: "text" })} />
      <Field label="Avatar URL (optional)" placeholder="https://…" {...fieldProps(fields.avatarUrl, { type: "url" })} />
      <DraftRestored draft={draft} />
      <button type="submit" className={buttonClass("primary", "md")}>
        Save profile
      </button>
    </Form>
  );
}

function EmailForm({ hasPassword, reply }: { hasPassword: boolean; reply: ProfileReply | undefined }) {
  const [form, fields] = useSchemaForm(changeEmailSchema, { id: "profile-email", lastResult: reply, shouldValidate: "onSubmit" });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="change-email" />
      <FormErrors form={form} />
      <Field label="New e-mail address" autoComplete="email" {...fieldProps(fields.email, { type: "email" })} />
      {hasPassword ? (
        <Field label="Current password" autoComplete="current-password" {...fieldProps(fields.currentPassword, { type: "password" })} />
      ) : null}
      <button type="submit" className={buttonClass("secondary", "md")}>
        Send confirmation link
      </button>
    </Form>
  );
}

function PasswordForm({ hasPassword, reply }: { hasPassword: boolean; reply: ProfileReply | undefined }) {
  const [form, fields] = useSchemaForm(changePasswordSchema, { id: "profile-password", lastResult: reply, shouldValidate: "onSubmit" });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="change-password" />
      <FormErrors form={form} />
      {hasPassword ? (
        <Field label="Current password" autoComplete="current-password" {...fieldProps(fields.currentPassword, { type: "password" })} />
      ) : null}
      <Field
        label="New password"
        autoComplete="new-password"
        hint="Must be at least 8 characters with uppercase, lowercase, and numbers"
        {...fieldProps(fields.password, { type: "password" })}
      />
      <Field label="Confirm Password" autoComplete="new-password" {...fieldProps(fields.confirmPassword, { type: "password" })} />
      <button type="submit" className={buttonClass("primary", "md")}>
        {hasPassword ? "Change password" : "Set password"}
      </button>
    </Form>
  );
}
