import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { Field } from "~/components/ui/form";

export type ProfilePageData = {
  user: { fullName: string; email: string; avatarUrl: string | null };
  hasPassword: boolean;
  pendingEmail: string | null;
  sessions: { id: string; current: boolean; createdAt: string | Date; userAgent: string; ip: string | null }[];
};

export type ProfileActionData = { ok: false; intent: string; message: string; field?: string; values: Record<string, string> } | undefined;

export function ProfilePage({ data, actionData }: { data: ProfilePageData; actionData: ProfileActionData }) {
  const err = actionData && !actionData.ok ? actionData : null;
  const is = (intent: string, field?: string) => !!err && err.intent === intent && (field === undefined || err.field === field);
  const fieldError = (intent: string, field: string) => (is(intent, field) ? err!.message : undefined);
  const generic = (intent: string) =>
    is(intent) && !["fullName", "avatarUrl", "currentPassword", "password", "confirmPassword", "email"].includes(err!.field ?? "") ? (
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
        {err!.message}
      </p>
    ) : null;
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
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="update-profile" />
          {generic("update-profile")}
          <Field
            id="p-name"
            label="Full Name"
            name="fullName"
            required
            maxLength={120}
            defaultValue={is("update-profile") ? err!.values.fullName : data.user.fullName}
            error={fieldError("update-profile", "fullName")}
          />
          <Field
            id="p-avatar"
            label="Avatar URL (optional)"
            name="avatarUrl"
            type="url"
            placeholder="https://…"
            defaultValue={is("update-profile") ? err!.values.avatarUrl : (data.user.avatarUrl ?? "")}
            error={fieldError("update-profile", "avatarUrl")}
          />
          <button type="submit" className={buttonClass("primary", "md")}>
            Save profile
          </button>
        </Form>
      </section>

      <section aria-labelledby="email-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="email-h" className="text-base font-semibold text-slate-900">
          E-mail address
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          You sign in with <strong>{data.user.email}</strong>.
          {data.pendingEmail ? ` A confirmation link was sent to ${data.pendingEmail}; the change happens when you open it.` : ""}
        </p>
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="change-email" />
          {generic("change-email")}
          <Field
            id="p-email"
            label="New e-mail address"
            name="email"
            type="email"
            required
            defaultValue={is("change-email") ? err!.values.email : ""}
            error={fieldError("change-email", "email")}
          />
          {data.hasPassword ? (
            <Field
              id="p-email-pw"
              label="Current password"
              name="currentPassword"
              type="password"
              required
              autoComplete="current-password"
              error={fieldError("change-email", "currentPassword")}
            />
          ) : null}
          <button type="submit" className={buttonClass("secondary", "md")}>
            Send confirmation link
          </button>
        </Form>
      </section>

      <section aria-labelledby="password-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="password-h" className="text-base font-semibold text-slate-900">
          {data.hasPassword ? "Change password" : "Set a password"}
        </h2>
        <p className="mt-1 text-sm text-slate-600">Changing it signs you out on every other device.</p>
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="change-password" />
          {generic("change-password")}
          {data.hasPassword ? (
            <Field
              id="p-current"
              label="Current password"
              name="currentPassword"
              type="password"
              required
              autoComplete="current-password"
              error={fieldError("change-password", "currentPassword")}
            />
          ) : null}
          <Field
            id="p-new"
            label="New password"
            name="password"
            type="password"
            required
            autoComplete="new-password"
            error={fieldError("change-password", "password")}
            hint="Must be at least 8 characters with uppercase, lowercase, and numbers"
          />
          <Field
            id="p-confirm"
            label="Confirm Password"
            name="confirmPassword"
            type="password"
            required
            autoComplete="new-password"
            error={fieldError("change-password", "confirmPassword")}
          />
          <button type="submit" className={buttonClass("primary", "md")}>
            {data.hasPassword ? "Change password" : "Set password"}
          </button>
        </Form>
      </section>

      <section aria-labelledby="sessions-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="sessions-h" className="text-base font-semibold text-slate-900">
          Active sessions
        </h2>
        {generic("sign-out-session")}
        <ul className="mt-3 divide-y divide-slate-100">
          {data.sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 py-2.5 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">
                  {s.userAgent} {s.current ? <span className="text-xs font-semibold text-green-700">(this device)</span> : null}
                </p>
                <p className="text-xs text-slate-500">
                  Signed in {new Date(s.createdAt).toLocaleString("en-US", { timeZone: "UTC" })} UTC{s.ip ? ` from ${s.ip}` : ""}
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
