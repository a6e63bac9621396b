import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { FormErrors, type FormReply, fieldProps, messageOf, replyFor, useSchemaForm } from "~/components/ui/conform";
import { Field, FormMessage } from "~/components/ui/form";
import { useTimeZone } from "~/components/time-zone";
import { createApiKeyFieldsSchema, EXPIRY_CHOICES } from "~/lib/api-keys";
import { formatDateTime } from "~/lib/dates";
import { ConfirmPanel, SettingsSubpageHeader } from "./settings-subpage";
import { ShownOnceField } from "./shown-once-field";

type KeyRow = {
  id: string;
  type: "workspace" | "personal";
  name: string;
  hint: string;
  scopes: string[];
  ownerName: string | null;
  createdAt: string | Date;
  expiresAt: string | Date | null;
  revokedAt: string | Date | null;
  lastUsedAt: string | Date | null;
  lastUsedIp: string | null;
};

export type ApiKeysPageData = {
  workspaceName: string;
  keys: KeyRow[];
  canMakeWorkspaceKeys: boolean;
  scopeKinds: readonly { kind: string; label: string; writable: boolean }[];
  plan: { name: string; apiCalls: number | null; perMinute: number };
  confirmRevoke: KeyRow | null;
};

const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";
const select = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900";

/** /settings/api-keys: make a key (its text shown once), the list, and revoking with a confirmation. */
export function ApiKeysPage({
  data,
  reply,
  created,
}: {
  data: ApiKeysPageData;
  reply: FormReply | undefined;
  created: { name: string; key: string } | null;
}) {
  return (
    <div className="max-w-3xl space-y-8">
      <SettingsSubpageHeader title="API keys">
        Keys let scripts and other tools use the Atelier API for {data.workspaceName}, sent as{" "}
        <code>Authorization: Bearer &lt;key&gt;</code>. Each key may make {data.plan.perMinute.toLocaleString("en-US")} requests a minute on
        the {data.plan.name} plan;{" "}
        {data.plan.apiCalls === null
          ? "API calls are unlimited"
          : `the workspace has ${data.plan.apiCalls.toLocaleString("en-US")} API calls a month`}{" "}
        (
        <Link to="/billing" className="font-medium text-brand-700 hover:underline">
          usage
        </Link>
        ). How to use it:{" "}
        <a href="/docs/api" className="font-medium text-brand-700 hover:underline">
          the API reference
        </a>
        .
      </SettingsSubpageHeader>
      {created ? <CreatedKey created={created} /> : null}
      {data.confirmRevoke ? <ConfirmRevoke row={data.confirmRevoke} /> : null}
      <KeyList keys={data.keys} canSeeWorkspaceKeys={data.canMakeWorkspaceKeys} />
      <NewKey data={data} reply={reply} />
    </div>
  );
}

function CreatedKey({ created }: { created: { name: string; key: string } }) {
  return (
    <section aria-labelledby="created-h" className="rounded-xl border border-emerald-300 bg-emerald-50 p-5" data-testid="created-key">
      <h2 id="created-h" className="text-base font-semibold text-emerald-900">
        Key “{created.name}” made
      </h2>
      <p className="mt-1 text-sm text-emerald-900">Copy it now: it is shown only this once. Atelier keeps only a fingerprint of it.</p>
      <ShownOnceField id="new-key" label="The new key" value={created.key} noun="key" />
    </section>
  );
}

function ConfirmRevoke({ row }: { row: KeyRow }) {
  return (
    <ConfirmPanel
      id="revoke"
      title={`Revoke “${row.name}”?`}
      body={
        <>
          Anything using <code>{row.hint}</code> stops working at once. This cannot be undone; you can make a new key.
        </>
      }
      action="/settings/api-keys"
      fields={{ intent: "revoke", keyId: row.id }}
      confirm="Revoke key"
      testId="confirm-revoke"
    />
  );
}

function when(value: string | Date | null, zone: string | null): string | null {
  return value ? formatDateTime(value, zone) : null;
}

function KeyList({ keys, canSeeWorkspaceKeys }: { keys: KeyRow[]; canSeeWorkspaceKeys: boolean }) {
  const zone = useTimeZone();
  return (
    <section aria-labelledby="keys-h" className={card}>
      <h2 id="keys-h" className="text-base font-semibold text-slate-900">
        {canSeeWorkspaceKeys ? "Workspace and personal keys" : "Your personal keys"}
      </h2>
      {keys.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="no-keys">
          No keys yet. Make one below to start using the API.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" aria-label="API keys">
          {keys.map((k) => {
            const expired = !k.revokedAt && k.expiresAt !== null && new Date(k.expiresAt) <= new Date();
            const state = k.revokedAt ? `Revoked ${when(k.revokedAt, zone)}` : expired ? "Expired" : null;
            return (
              <li key={k.id} className={`py-3 ${state ? "opacity-70" : ""}`} data-testid="api-key">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {k.name}{" "}
                      <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700">
                        {k.type === "workspace" ? "Workspace key" : `Personal key${k.ownerName ? ` of ${k.ownerName}` : ""}`}
                      </span>
                    </p>
                    <p className="mt-0.5 font-mono text-xs break-all text-slate-600">{k.hint}</p>
                  </div>
                  {state ? (
                    <span className="text-sm font-medium text-slate-700">{state}</span>
                  ) : (
                    <Link
                      to={`/settings/api-keys?revoke=${k.id}`}
                      className="text-sm font-medium text-red-700 hover:underline"
                      aria-label={`Revoke ${k.name}`}
                    >
                      Revoke
                    </Link>
                  )}
                </div>
                <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                  <dt className="text-slate-600">Scopes</dt>
                  <dd className="text-slate-900">{k.scopes.join(", ")}</dd>
                  <dt className="text-slate-600">Expires</dt>
                  <dd className="text-slate-900">{when(k.expiresAt, zone) ?? "Never"}</dd>
                  <dt className="text-slate-600">Last used</dt>
                  <dd className="text-slate-900">
                    {k.lastUsedAt ? `${when(k.lastUsedAt, zone)} from ${k.lastUsedIp ?? "an unknown address"}` : "Never"}
                  </dd>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function NewKey({ data, reply }: { data: ApiKeysPageData; reply: FormReply | undefined }) {
  const [form, fields] = useSchemaForm(createApiKeyFieldsSchema, {
    id: "api-key-new",
    lastResult: replyFor(reply, "create"),
    defaultValue: { type: data.canMakeWorkspaceKeys ? "workspace" : "personal", expiresInDays: "90" },
    shouldValidate: "onSubmit",
  });
  const accessError = messageOf(fields.access);
  return (
    <section aria-labelledby="new-key-h" className={card}>
      <h2 id="new-key-h" className="text-base font-semibold text-slate-900">
        Make a key
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="create" />
        <FormErrors form={form} />
        <Field label="Name" hint="What uses it, e.g. “Nightly export”." autoComplete="off" {...fieldProps(fields.name, { type: "text" })} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Whose key</legend>
          <div className="mt-1 space-y-1 text-sm text-slate-800">
            {data.canMakeWorkspaceKeys ? (
              <label className="flex items-start gap-2">
                <input type="radio" name="type" value="workspace" defaultChecked className="mt-1" />
                <span>Workspace key: belongs to the workspace, acts as an admin within its scopes; owners and admins see it.</span>
              </label>
            ) : null}
            <label className="flex items-start gap-2">
              <input type="radio" name="type" value="personal" defaultChecked={!data.canMakeWorkspaceKeys} className="mt-1" />
              <span>Personal key: acts as you, with your role, within its scopes; only you see it.</span>
            </label>
          </div>
        </fieldset>
        <div>
          <label htmlFor="api-key-expiry" className="block text-sm font-medium text-slate-700">
            Expires after
          </label>
          <select id="api-key-expiry" name="expiresInDays" defaultValue="90" className={`${select} mt-1`}>
            {EXPIRY_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <fieldset aria-describedby={accessError ? "api-key-access-error" : undefined}>
          <legend className="text-sm font-medium text-slate-700">Scopes</legend>
          <p className="text-xs text-slate-500">Write includes read. A key can never do more than its role allows.</p>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {data.scopeKinds.map((k) => (
              <div key={k.kind} className="flex items-center justify-between gap-2">
                <label htmlFor={`scope-${k.kind}`} className="text-sm text-slate-800">
                  {k.label}
                </label>
                <select id={`scope-${k.kind}`} name={`access.${k.kind}`} defaultValue="none" className={`${select} w-32`}>
                  <option value="none">No access</option>
                  <option value="read">Read</option>
                  {k.writable ? <option value="write">Read and write</option> : null}
                </select>
              </div>
            ))}
          </div>
          {accessError ? (
            <div className="mt-2" id="api-key-access-error">
              <FormMessage tone="error">{accessError}</FormMessage>
            </div>
          ) : null}
        </fieldset>
        <button type="submit" className={buttonClass("primary", "md")}>
          Make key
        </button>
      </Form>
    </section>
  );
}
