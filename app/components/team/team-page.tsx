import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from "~/lib/permissions";
import { initials } from "~/components/board/types";

type Member = { id: string; email: string; fullName: string; avatarUrl: string | null; role: Role; joinedAt: string | Date };
type Invitation = { id: string; email: string; role: Role; createdAt: string | Date; expiresAt: string | Date; invitedByName: string | null };

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

export function RoleSelect({ name, defaultValue, roles, label, id }: { name: string; defaultValue: Role; roles: Role[]; label: string; id: string }) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm">
        {roles.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
    </>
  );
}

export function TeamPage({ data, actionData }: { data: TeamPageData; actionData: TeamActionData }) {
  const err = actionData && !actionData.ok ? actionData : null;
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

      {data.can.invite ? (
        <Form method="post" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="invite-h">
          <h2 id="invite-h" className="text-sm font-semibold text-slate-800">
            Invite someone
          </h2>
          <p className="mt-1 text-xs text-slate-500">They get an e-mail with a link that works once and expires in 7 days.</p>
          <input type="hidden" name="intent" value="invite" />
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <div className="min-w-64 flex-1">
              <label htmlFor="invite-email" className="block text-xs font-medium text-slate-600">
                Email Address
              </label>
              <input id="invite-email" type="email" name="email" required defaultValue={inviteErr?.values.email ?? ""}
                aria-invalid={inviteErr?.field === "email" || undefined} aria-describedby={inviteErr ? "invite-error" : undefined}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" />
            </div>
            <div>
              <label htmlFor="invite-role" className="block text-xs font-medium text-slate-600">
                Role
              </label>
              <select id="invite-role" name="role" defaultValue={inviteErr?.values.role ?? "member"} className="mt-1 block rounded-md border border-slate-300 px-2 py-2 text-sm">
                {data.assignable.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]} — {ROLE_DESCRIPTIONS[r]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonClass("primary", "md")}>
              Send invitation
            </button>
          </div>
          {inviteErr ? (
            <p id="invite-error" role="alert" className="mt-2 text-sm text-red-700">
              {inviteErr.message} {full ? <Link to="/billing" className="font-semibold underline">See plans</Link> : null}
            </p>
          ) : null}
        </Form>
      ) : null}

      <section aria-labelledby="members-h">
        <h2 id="members-h" className="text-lg font-semibold text-slate-900">
          Members ({data.members.length})
        </h2>
        <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
          {data.members.map((m) => {
            const name = m.fullName || m.email.split("@")[0] || "User";
            const self = m.id === data.me;
            return (
              <li key={m.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <span aria-hidden className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800">
                  {initials(m.fullName, m.email)}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900">
                    <Link to={`/team/${m.id}`} className="hover:underline">
                      {name}
                    </Link>{" "}
                    {self ? <span className="text-xs text-slate-500">(you)</span> : null}
                  </p>
                  <p className="text-xs text-slate-500">{m.email}</p>
                </div>
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
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="userId" value={m.id} />
                    <button type="submit" className="rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50">
                      Remove {name}
                    </button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      {data.can.invite ? (
        <section aria-labelledby="invitations-h">
          <h2 id="invitations-h" className="text-lg font-semibold text-slate-900">
            Pending invitations ({data.invitations.length})
          </h2>
          {data.invitations.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No pending invitations.</p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
              {data.invitations.map((inv) => {
                const expired = new Date(inv.expiresAt) <= new Date();
                return (
                  <li key={inv.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                    <div className="min-w-0 flex-1">
                      <p className="text-sm font-medium text-slate-900">{inv.email}</p>
                      <p className="text-xs text-slate-500">
                        {ROLE_LABELS[inv.role]} · invited by {inv.invitedByName || "a teammate"} ·{" "}
                        {expired ? "expired" : `expires ${new Date(inv.expiresAt).toLocaleDateString("en-US", { timeZone: "UTC" })}`}
                      </p>
                    </div>
                    <Form method="post">
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="invitationId" value={inv.id} />
                      <button type="submit" className={buttonClass("secondary", "sm")}>
                        Resend to {inv.email}
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="invitationId" value={inv.id} />
                      <button type="submit" className="rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50">
                        Revoke
                      </button>
                    </Form>
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
