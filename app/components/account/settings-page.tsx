import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { FormErrors, type FormReply, fieldProps, replyFor, useSchemaForm } from "~/components/ui/conform";
import { Field } from "~/components/ui/form";
import { DraftRestored, useFormDraft } from "~/components/ui/use-form-draft";
import { createWorkspaceSchema, deleteWorkspaceSchema, updateWorkspaceSchema } from "~/lib/forms/workspace";
import { planStatusText, type PlanStatus } from "~/lib/billing-text";
import { useTimeZone } from "~/components/time-zone";
import { BYTES_PER_GB, formatBytes } from "~/lib/file-size";
import { ROLE_LABELS, type Role } from "~/lib/permissions";

export type SettingsPageData = {
  workspace: { id: string; name: string; slug: string; planId: string; trialEndsAt: string | Date | null };
  role: Role;
  usage: { projects: number; members: number; storageBytes: number };
  plan: { name: string; limits: { projects: number | null; users: number | null; storageGb: number | null; apiCalls: number | null } };
  memberCount: number;
  can: { update: boolean; delete: boolean };
  /** The same plan status /billing shows (subscription, else the trial). */
  planStatus: PlanStatus;
};

function Usage({
  label,
  used,
  limit,
  format = String,
}: {
  label: string;
  used: number;
  limit: number | null;
  format?: (n: number) => string;
}) {
  const pct = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <div>
      <div className="flex justify-between text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="text-slate-600">{limit === null ? `${format(used)} (unlimited)` : `${format(used)} of ${format(limit)}`}</span>
      </div>
      {limit !== null ? (
        <div
          className="mt-1 h-2 rounded-full bg-slate-100"
          role="progressbar"
          aria-label={label}
          aria-valuenow={used}
          aria-valuemin={0}
          aria-valuemax={limit}
        >
          <div
            className={`h-2 rounded-full ${pct >= 100 ? "bg-red-500" : pct >= 80 ? "bg-amber-500" : "bg-brand-600"}`}
            style={{ width: `${pct}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}

/** The workspace's settings; `children` (the person's own settings, e.g. e-mail choices) go before the danger zone, which stays last. */
export function SettingsPage({
  data,
  reply,
  children,
}: {
  data: SettingsPageData;
  reply: FormReply | undefined;
  children?: React.ReactNode;
}) {
  const zone = useTimeZone();
  const [general, generalFields] = useSchemaForm(updateWorkspaceSchema, {
    id: "workspace-general",
    lastResult: replyFor(reply, "update-workspace"),
    defaultValue: { name: data.workspace.name, slug: data.workspace.slug },
  });
  const generalDraft = useFormDraft(
    "workspace-general",
    { name: data.workspace.name, slug: data.workspace.slug },
    { enabled: data.can.update },
  );
  const [another, anotherFields] = useSchemaForm(createWorkspaceSchema, {
    id: "workspace-new",
    lastResult: replyFor(reply, "create-workspace"),
  });
  const [danger, dangerFields] = useSchemaForm(deleteWorkspaceSchema, {
    id: "workspace-delete",
    lastResult: replyFor(reply, "delete-workspace"),
  });
  return (
    <div className="max-w-3xl space-y-8">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Settings</h1>
        <p className="mt-1 text-sm text-slate-600">
          Workspace settings for {data.workspace.name}. You are{" "}
          {ROLE_LABELS[data.role].toLowerCase() === "owner"
            ? "an owner"
            : `a${/^[aeiou]/i.test(ROLE_LABELS[data.role]) ? "n" : ""} ${ROLE_LABELS[data.role].toLowerCase()}`}
          .
        </p>
      </div>

      <section aria-labelledby="general-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="general-h" className="text-base font-semibold text-slate-900">
          General
        </h2>
        <Form method="post" {...getFormProps(general)} className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="update-workspace" />
          <FormErrors form={general} />
          <Field label="Workspace name" disabled={!data.can.update} {...fieldProps(generalFields.name, { type: "text" })} />
          <Field
            label="Workspace address"
            disabled={!data.can.update}
            hint="Lower-case letters, digits and hyphens."
            {...fieldProps(generalFields.slug, { type: "text" })}
          />
          <DraftRestored draft={generalDraft} />
          {data.can.update ? (
            <button type="submit" className={buttonClass("primary", "md")}>
              Save settings
            </button>
          ) : (
            <p className="text-sm text-slate-600">Only admins and owners can change these settings.</p>
          )}
        </Form>
      </section>

      <section aria-labelledby="plan-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="plan-h" className="text-base font-semibold text-slate-900">
          Plan and usage
        </h2>
        <p className="mt-1 text-sm text-slate-600" data-testid="settings-plan-status">
          {planStatusText(data.planStatus, zone)}{" "}
          <Link to="/billing" className="font-medium text-brand-700 hover:underline">
            Billing
          </Link>
        </p>
        <div className="mt-4 space-y-3">
          <Usage label="Active projects" used={data.usage.projects} limit={data.plan.limits.projects} />
          <Usage label="Members and pending invitations" used={data.usage.members} limit={data.plan.limits.users} />
          <Usage
            label="Storage"
            used={data.usage.storageBytes}
            limit={data.plan.limits.storageGb === null ? null : data.plan.limits.storageGb * BYTES_PER_GB}
            format={formatBytes}
          />
        </div>
      </section>

      <section aria-labelledby="members-link-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="members-link-h" className="text-base font-semibold text-slate-900">
          Members
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {data.memberCount} member{data.memberCount === 1 ? "" : "s"}.{" "}
          <Link to="/team" className="font-medium text-brand-700 hover:underline">
            Manage members and invitations
          </Link>
        </p>
      </section>

      <section aria-labelledby="api-keys-link-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="api-keys-link-h" className="text-base font-semibold text-slate-900">
          API keys
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Keys for scripts and tools that use the Atelier API.{" "}
          <Link to="/settings/api-keys" className="font-medium text-brand-700 hover:underline">
            Manage API keys
          </Link>
          {data.can.update ? (
            <>
              {" "}
              ·{" "}
              <Link to="/settings/webhooks" className="font-medium text-brand-700 hover:underline">
                Webhooks
              </Link>
            </>
          ) : null}
        </p>
      </section>

      <section aria-labelledby="integrations-link-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="integrations-link-h" className="text-base font-semibold text-slate-900">
          Integrations
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Figma imports and each project&apos;s Slack channel.{" "}
          <Link to="/settings/integrations" className="font-medium text-brand-700 hover:underline">
            Manage integrations
          </Link>
        </p>
      </section>

      <section aria-labelledby="new-ws-h" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h2 id="new-ws-h" className="text-base font-semibold text-slate-900">
          Another workspace
        </h2>
        <Form method="post" {...getFormProps(another)} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="create-workspace" />
          <FormErrors form={another} />
          <div className="flex flex-wrap items-end gap-3">
            <Field label="Name" className="min-w-64 flex-1" {...fieldProps(anotherFields.name, { type: "text" })} />
            <button type="submit" className={buttonClass("secondary", "md")}>
              Create workspace
            </button>
          </div>
        </Form>
      </section>

      {children}

      {data.can.delete ? (
        <section aria-labelledby="danger-h" className="rounded-xl border border-red-200 bg-white p-5">
          <h2 id="danger-h" className="text-base font-semibold text-red-800">
            Danger zone
          </h2>
          <Form method="post" {...getFormProps(danger)} className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="delete-workspace" />
            <p className="text-sm text-slate-700">
              Deleting the workspace deletes its projects, boards, cards and invitations for everyone. This cannot be undone.
            </p>
            <FormErrors form={danger} />
            <Field
              required
              autoComplete="off"
              label={
                <>
                  Type <strong>{data.workspace.name}</strong> to confirm
                </>
              }
              {...fieldProps(dangerFields.confirm, { type: "text" })}
            />
            <button type="submit" className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700">
              Delete workspace
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
