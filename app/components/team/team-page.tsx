import { getFormProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClass } from "~/components/ui/button-styles";
import { type FormReply, replyFor, replyMessages, useSchemaForm } from "~/components/ui/conform";
import { Field, FormMessage } from "~/components/ui/form";
import { formatDay } from "~/lib/dates";
import { useTimeZone } from "~/components/time-zone";
import {
  changeRoleSchema,
  inviteSchema,
  leaveWorkspaceSchema,
  removeMemberSchema,
  resendInvitationSchema,
  revokeInvitationSchema,
} from "~/lib/forms/team";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from "~/lib/permissions";
import { initials } from "~/lib/board";
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

const selectClass = "max-w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm";

/** A role picker for a conform field (the team list and a member's page). */
export function RoleSelect({ field, roles, label }: { field: FieldMetadata<string>; roles: Role[]; label: string }) {
  const { key: _key, ...select } = getSelectProps(field);
  return (
    <>
      <label htmlFor={field.id} className="sr-only">
        {label}
      </label>
      <select {...select} className={selectClass}>
        {roles.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
    </>
  );
}

/** Changing a member's role: the role picker and its button, posting `change-role`. */
export function RoleForm({ person, name, roles, id }: { person: { id: string; role: Role }; name: string; roles: Role[]; id: string }) {
  const [form, fields] = useSchemaForm(changeRoleSchema, { id, defaultValue: { role: person.role } });
  return (
    <Form method="post" {...getFormProps(form)} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="change-role" />
      <input type="hidden" name="userId" value={person.id} />
      <RoleSelect field={fields.role} roles={roles} label={`Role of ${name}`} />
      <button type="submit" className={buttonClass("secondary", "sm")}>
        Change role
      </button>
    </Form>
  );
}

/** A failed team post other than an invitation, said at the top of the page (with or without JavaScript). */
export function TeamError({ reply }: { reply: FormReply | undefined }) {
  const messages = replyMessages(reply);
  if (messages.length === 0) return null;
  return <FormMessage tone="error">{messages.join(" ")}</FormMessage>;
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

export function TeamPage({ data, reply }: { data: TeamPageData; reply: FormReply | undefined }) {
  const zone = useTimeZone();
  const failed = replyMessages(reply).length > 0;
  const inviteReply = replyFor(reply, "invite");
  // A confirmed removal or revocation takes its row (and the focused button) away: focus its list's heading.
  const membersHeading = useRef<HTMLHeadingElement>(null);
  const invitationsHeading = useRef<HTMLHeadingElement>(null);
  useAfterSuccess(["remove"], failed, () => membersHeading.current?.focus());
  useAfterSuccess(["revoke"], failed, () => invitationsHeading.current?.focus());
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

      {inviteReply ? null : <TeamError reply={reply} />}

      {data.can.invite ? <InviteForm assignable={data.assignable} reply={inviteReply} full={full} /> : null}

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
                    <RoleForm id={`role-${m.id}`} person={m} name={name} roles={data.assignable} />
                  ) : (
                    <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">{ROLE_LABELS[m.role]}</span>
                  )}
                  {self && m.role === "owner" && data.members.filter((o) => o.role === "owner").length === 1 ? (
                    // The sole owner may not leave (the server refuses it too): say what to do instead.
                    <p className="max-w-xs text-xs text-slate-600">You are the only owner. To leave, make someone else an owner first.</p>
                  ) : self ? (
                    <LeaveForm />
                  ) : data.can.remove && (m.role !== "owner" || data.role === "owner") ? (
                    <ConfirmAction
                      id={`remove-${m.id}`}
                      schema={removeMemberSchema}
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
                        {expired ? "expired" : `expires ${formatDay(inv.expiresAt, zone)}`}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-start gap-2 sm:justify-end">
                      <ResendForm invitation={inv} />
                      <ConfirmAction
                        id={`revoke-${inv.id}`}
                        schema={revokeInvitationSchema}
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

function LeaveForm() {
  const [form] = useSchemaForm(leaveWorkspaceSchema, { id: "leave" });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="leave" />
      <button type="submit" className={buttonClass("ghost", "sm")}>
        Leave workspace
      </button>
    </Form>
  );
}

function ResendForm({ invitation }: { invitation: Invitation }) {
  const [form] = useSchemaForm(resendInvitationSchema, { id: `resend-${invitation.id}` });
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="invitationId" value={invitation.id} />
      {/* The address is on the row already; a long one would not fit a phone twice. */}
      <button type="submit" className={buttonClass("secondary", "sm")}>
        Resend<span className="sr-only"> to {invitation.email}</span>
      </button>
    </Form>
  );
}

/**
 * Inviting: short role names in the select (so it fits a phone), what each role may do
 * listed under it. With JavaScript the page is not reloaded after a success, so the form
 * empties itself and focus goes back to the address for the next person; a failure keeps
 * what was typed beside its message. The form's messages (one may link to plans) share
 * one line below the row, which the fields point at.
 */
function InviteForm({ assignable, reply, full }: { assignable: Role[]; reply: FormReply | undefined; full: boolean }) {
  // Checked when sent, not on blur: after a success focus is back in the empty address, and
  // leaving it for a button below would otherwise put "Email is required" there and move the button.
  const [form, fields] = useSchemaForm(inviteSchema, {
    id: "invite",
    lastResult: reply,
    defaultValue: { role: "member" },
    shouldValidate: "onSubmit",
  });
  const formRef = useRef<HTMLFormElement>(null);
  const email = useRef<HTMLInputElement>(null);
  const messages = [...(form.errors ?? []), ...(fields.email.errors ?? []), ...(fields.role.errors ?? [])];
  const errorId = "invite-error";
  useAfterSuccess(["invite"], !!reply, () => {
    formRef.current?.reset();
    email.current?.focus();
  });
  const { key: _key, ...roleSelect } = getSelectProps(fields.role);
  return (
    <Form
      ref={formRef}
      method="post"
      {...getFormProps(form)}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby="invite-h"
      aria-describedby={messages.length > 0 ? errorId : undefined}
    >
      <h2 id="invite-h" className="text-sm font-semibold text-slate-800">
        Invite someone
      </h2>
      <p className="mt-1 text-xs text-slate-500">They get an e-mail with a link that works once and expires in 7 days.</p>
      <input type="hidden" name="intent" value="invite" />
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <Field
          ref={email}
          id={fields.email.id}
          label="Email Address"
          type="email"
          name={fields.email.name}
          required
          defaultValue={fields.email.initialValue ?? ""}
          aria-invalid={fields.email.errors ? true : undefined}
          aria-describedby={messages.length > 0 ? errorId : undefined}
          className="min-w-0 flex-1 basis-64"
        />
        <div className="w-full sm:w-auto">
          <label htmlFor={fields.role.id} className="block text-sm font-medium text-slate-700">
            Role
          </label>
          <select
            {...roleSelect}
            aria-invalid={fields.role.errors ? true : undefined}
            aria-describedby={fields.role.errors ? `${errorId} invite-roles` : "invite-roles"}
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
      {messages.length > 0 ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {messages.join(" ")}{" "}
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
