import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClass } from "~/components/ui/button-styles";
import { Field } from "~/components/ui/form";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from "~/lib/permissions";
import { initials } from "~/components/board/types";
import { ConfirmAction } from "./confirm-action";

type Member = { id: string; email: string; fullName: string; avatarUrl: string | null; role: Role; joinedAt: string | Date };
type Invitation = {
  id: string;
  email: string;
  role: Role;
  createdAt: string | Date;
  expiresAt: string | Date;
  invitedByName: string | null;
};

export type TeamPageData = {
  me: string;
  role: Role;
  workspaceName: string;
  members: Member[];
  invitations: Invitation[];
  seats: { used: number; limit: number | null; plan: string };
  assignable: Role[];
  can: { invite: boolean; changeRoles: boolean; remove: boolean };
};

export type TeamActionData = { ok: false; intent: string; message: string; field?: string; values: Record<string, string> } | undefined;

export function RoleSelect({
  name,
  defaultValue,
  roles,
  label,
  id,
}: {
  name: string;
  defaultValue: Role;
  roles: Role[];
  label: string;
  id: string;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className="max-w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
    </>
  );
}

/**
 * Runs `then` once a post of one of these intents has landed without an error (with
 * JavaScript: the page is not reloaded, so focus and form contents are ours to tidy).
 */
function useAfterSuccess(intents: string[], failed: boolean, then: () => void) {
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  const posting = typeof intent === "string" && intents.includes(intent);
  const pending = useRef(false);
  const latest = useRef(then);
  latest.current = then;
  useEffect(() => {
    if (posting) pending.current = true;
    else if (pending.current && navigation.state === "idle") {
      pending.current = false;
      if (!failed) latest.current();
    }
  }, [posting, navigation.state, failed]);
}

export function TeamPage({ data, actionData }: { data: TeamPageData; actionData: TeamActionData }) {
  const err = actionData && !actionData.ok ? actionData : null;
  // A confirmed removal or revocation takes its row (and the focused button) away: focus its list's heading.
  const membersHeading = useRef<HTMLHeadingElement>(null);
  const invitationsHeading = useRef<HTMLHeadingElement>(null);
  useAfterSuccess(["remove"], !!err, () => membersHeading.current?.focus());
  useAfterSuccess(["revoke"], !!err, () => invitationsHeading.current?.focus());
  const inviteErr = err?.intent === "invite" ? err : null;
  const full = data.seats.limit !== null && data.seats.used >= data.seats.limit;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Team</h1>
        <p className="mt-1 text-sm text-slate-600">
          The people in {data.workspaceName}.{" "}
          {data.seats.limit !== null
            ? `${data.seats.used} of ${data.seats.limit} seats used on the ${data.seats.plan} plan (pending invitations count).`
            : `${data.seats.used} seats used.`}
        </p>
      </div>

      {err && !inviteErr ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {err.message}
        </p>
      ) : null}

      {data.can.invite ? <InviteForm assignable={data.assignable} error={inviteErr} full={full} /> : null}

      <section aria-labelledby="members-h">
        <h2 id="members-h" ref={membersHeading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          Members ({data.members.length})
        </h2>
        <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {data.members.map((m) => {
            const name = m.fullName || m.email.split("@")[0] || "User";
            const self = m.id === data.me;
            return (
              <li key={m.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-center gap-3">
                  <span
                    aria-hidden
                    className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800"
                  >
                    {initials(m.fullName, m.email)}
                  </span>
                  <div className="min-w-0">
                    <p className="text-sm font-medium break-words text-slate-900">
                      <Link to={`/team/${m.id}`} className="hover:underline">
                        {name}
                      </Link>{" "}
                      {self ? <span className="text-xs text-slate-500">(you)</span> : null}
                    </p>
                    <p className="text-xs break-all text-slate-500">{m.email}</p>
                  </div>
                </div>
                <div className="flex flex-wrap items-start gap-2 sm:justify-end">
                  {data.can.changeRoles && !self && (m.role !== "owner" || data.role === "owner") ? (
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="change-role" />
                      <input type="hidden" name="userId" value={m.id} />
                      <RoleSelect id={`role-${m.id}`} name="role" defaultValue={m.role} roles={data.assignable} label={`Role of ${name}`} />
                      <button type="submit" className={buttonClass("secondary", "sm")}>
                        Change role
                      </button>
                    </Form>
                  ) : (
                    <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">{ROLE_LABELS[m.role]}</span>
                  )}
                  {self ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="leave" />
                      <button type="submit" className={buttonClass("ghost", "sm")}>
                        Leave workspace
                      </button>
                    </Form>
                  ) : data.can.remove && (m.role !== "owner" || data.role === "owner") ? (
                    <ConfirmAction
                      label={`Remove ${name}`}
                      confirmLabel={`Yes, remove ${name}`}
                      warning={`${name} loses access to ${data.workspaceName} at once and is taken off their cards. Their comments and activity stay.`}
                      fields={{ intent: "remove", userId: m.id }}
                    />
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      {data.can.invite ? (
        <section aria-labelledby="invitations-h">
          <h2 id="invitations-h" ref={invitationsHeading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            Pending invitations ({data.invitations.length})
          </h2>
          {data.invitations.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No pending invitations.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
              {data.invitations.map((inv) => {
                const expired = new Date(inv.expiresAt) <= new Date();
                return (
                  <li key={inv.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
                    <div className="min-w-0 flex-1">
                      <p className="text-sm font-medium break-all text-slate-900">{inv.email}</p>
                      <p className="text-xs text-slate-500">
                        {ROLE_LABELS[inv.role]} · invited by {inv.invitedByName || "a teammate"} ·{" "}
                        {expired ? "expired" : `expires ${new Date(inv.expiresAt).toLocaleDateString("en-US", { timeZone: "UTC" })}`}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-start gap-2 sm:justify-end">
                      <Form method="post">
                        <input type="hidden" name="intent" value="resend" />
                        <input type="hidden" name="invitationId" value={inv.id} />
                        {/* The address is on the row already; a long one would not fit a phone twice. */}
                        <button type="submit" className={buttonClass("secondary", "sm")}>
                          Resend<span className="sr-only"> to {inv.email}</span>
                        </button>
                      </Form>
                      <ConfirmAction
                        label="Revoke"
                        confirmLabel={`Yes, revoke the invitation to ${inv.email}`}
                        warning={`The link sent to ${inv.email} stops working.`}
                        fields={{ intent: "revoke", invitationId: inv.id }}
                      />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

/**
 * Inviting: short role names in the select (so it fits a phone), what each role may do
 * listed under it. With JavaScript the page is not reloaded after a success, so the form
 * empties itself and focus goes back to the address for the next person; a failure keeps
 * what was typed beside its message.
 */
function InviteForm({ assignable, error, full }: { assignable: Role[]; error: NonNullable<TeamActionData> | null; full: boolean }) {
  const form = useRef<HTMLFormElement>(null);
  const email = useRef<HTMLInputElement>(null);
  useAfterSuccess(["invite"], !!error, () => {
    form.current?.reset();
    email.current?.focus();
  });
  return (
    <Form ref={form} method="post" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="invite-h">
      <h2 id="invite-h" className="text-sm font-semibold text-slate-800">
        Invite someone
      </h2>
      <p className="mt-1 text-xs text-slate-500">They get an e-mail with a link that works once and expires in 7 days.</p>
      <input type="hidden" name="intent" value="invite" />
      <div className="mt-3 flex flex-wrap items-end gap-3">
        {/* The form's one message (it may link to plans) is below the row, so the field points at it. */}
        <Field
          ref={email}
          id="invite-email"
          label="Email Address"
          type="email"
          name="email"
          required
          defaultValue={error?.values.email ?? ""}
          aria-invalid={error?.field === "email" || undefined}
          aria-describedby={error ? "invite-error" : undefined}
          className="min-w-0 flex-1 basis-64"
        />
        <div className="w-full sm:w-auto">
          <label htmlFor="invite-role" className="block text-sm font-medium text-slate-700">
            Role
          </label>
          <select
            id="invite-role"
            name="role"
            defaultValue={error?.values.role ?? "member"}
            aria-describedby="invite-roles"
            className="mt-1 block w-full max-w-full rounded-md border border-slate-300 px-2 py-2 text-sm sm:w-auto"
          >
            {assignable.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("primary", "md")}>
          Send invitation
        </button>
      </div>
      {error ? (
        <p id="invite-error" role="alert" className="mt-2 text-sm text-red-700">
          {error.message}{" "}
          {full ? (
            <Link to="/billing" className="font-semibold underline">
              See plans
            </Link>
          ) : null}
        </p>
      ) : null}
      <dl id="invite-roles" className="mt-3 grid gap-x-4 gap-y-1 text-xs text-slate-600 sm:grid-cols-[auto_1fr]">
        {assignable.map((r) => (
          <div key={r} className="sm:contents">
            <dt className="inline font-semibold text-slate-700 sm:block">{ROLE_LABELS[r]}</dt>{" "}
            <dd className="inline sm:block">{ROLE_DESCRIPTIONS[r]}</dd>
          </div>
        ))}
      </dl>
    </Form>
  );
}
