import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { FormErrors, type FormReply, fieldProps, replyFor, useSchemaForm } from "~/components/ui/conform";
import { Field, FormMessage } from "~/components/ui/form";
import { useTimeZone } from "~/components/time-zone";
import { connectSlackSchema, slackProjectSchema } from "~/lib/forms/integrations";
import { formatDateTime } from "~/lib/dates";
import { ConfirmPanel, SettingsSubpageHeader } from "./settings-subpage";

type When = string | Date;
type SlackRow = {
  projectId: string;
  projectName: string;
  hint: string | null;
  connectedAt: When | null;
  connectedBy: string | null;
  lastPostedAt: When | null;
  lastError: string | null;
  lastErrorAt: When | null;
};

export type IntegrationsPageData = {
  workspaceName: string;
  figma: {
    configured: boolean;
    connection: { handle: string; connectedAt: When; needsReconnect: boolean; connectedBy: string } | null;
    confirmDisconnect: boolean;
  };
  slack: { projects: SlackRow[]; canChange: boolean; confirmDisconnect: SlackRow | null };
};

const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm";

/** /settings/integrations: Figma (the member's own connection) and Slack (per project), each with its state and "Disconnect". */
export function IntegrationsPage({ data, reply }: { data: IntegrationsPageData; reply: FormReply | undefined }) {
  return (
    <div className="max-w-3xl space-y-8">
      <SettingsSubpageHeader title="Integrations">
        Bring designs in from Figma, and tell a project&apos;s Slack channel what happens on its board in {data.workspaceName}.
      </SettingsSubpageHeader>
      <FigmaSection figma={data.figma} />
      <SlackSection slack={data.slack} reply={reply} />
    </div>
  );
}

function FigmaSection({ figma }: { figma: IntegrationsPageData["figma"] }) {
  const zone = useTimeZone();
  const c = figma.connection;
  return (
    <section aria-labelledby="figma-h" className={card} data-testid="figma-integration">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="figma-h" className="text-base font-semibold text-slate-900">
          Figma
        </h2>
        <span
          className={`rounded px-1.5 py-0.5 text-xs font-medium ${c && !c.needsReconnect ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-700"}`}
        >
          {c ? (c.needsReconnect ? "Needs reconnecting" : "Connected") : "Not connected"}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Import a Figma file&apos;s frames as a new wireframe (&ldquo;Import from Figma&rdquo; on{" "}
        <Link to="/wireframes" className="font-medium text-brand-700 hover:underline">
          Wireframes
        </Link>
        ). Your connection is yours alone: Atelier reads the files your Figma account can open, and only when you import.
      </p>
      {!figma.configured ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="figma-not-configured">
          Figma is not set up on this Atelier server: an administrator sets <code>FIGMA_CLIENT_ID</code> and{" "}
          <code>FIGMA_CLIENT_SECRET</code> (see the README).
        </p>
      ) : c ? (
        <>
          <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-slate-600">Figma account</dt>
            <dd className="text-slate-900">{c.handle}</dd>
            <dt className="text-slate-600">Connected</dt>
            <dd className="text-slate-900">
              by {c.connectedBy}, {formatDateTime(c.connectedAt, zone)}
            </dd>
          </dl>
          {c.needsReconnect ? (
            <div className="mt-3">
              <FormMessage tone="error">Figma no longer accepts this connection. Reconnect Figma to import again.</FormMessage>
            </div>
          ) : null}
          {figma.confirmDisconnect ? (
            <ConfirmPanel
              nested
              id="disconnect-figma-confirm"
              title="Disconnect Figma?"
              body="Atelier forgets your Figma tokens. Wireframes you imported stay as they are; you can connect again at any time."
              action="/settings/integrations"
              fields={{ intent: "disconnect-figma" }}
              confirm="Disconnect Figma"
              testId="confirm-disconnect"
            />
          ) : (
            <div className="mt-4 flex flex-wrap gap-3">
              {c.needsReconnect ? <ConnectFigma label="Reconnect Figma" /> : null}
              <Link to="/settings/integrations?disconnect=figma" className={buttonClass("secondary", "md")}>
                Disconnect
              </Link>
            </div>
          )}
        </>
      ) : (
        <div className="mt-4">
          <ConnectFigma label="Connect Figma" />
        </div>
      )}
    </section>
  );
}

function ConnectFigma({ label }: { label: string }) {
  return (
    <Form method="post" action="/settings/integrations" reloadDocument>
      <input type="hidden" name="intent" value="connect-figma" />
      <button type="submit" className={buttonClass("primary", "md")}>
        {label}
      </button>
    </Form>
  );
}

function SlackSection({ slack, reply }: { slack: IntegrationsPageData["slack"]; reply: FormReply | undefined }) {
  return (
    <section aria-labelledby="slack-h" className={card} data-testid="slack-integration">
      <h2 id="slack-h" className="text-base font-semibold text-slate-900">
        Slack
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A project can post to a Slack channel: cards moved to a done column, comments that mention someone, and the weekly digest. In Slack,
        add an <em>Incoming Webhook</em> to the channel and paste its URL here.
      </p>
      {slack.projects.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="no-projects">
          No projects yet.{" "}
          <Link to="/projects" className="font-medium text-brand-700 hover:underline">
            Make a project
          </Link>{" "}
          first; then its channel can be connected here.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" aria-label="Projects and their Slack channels">
          {slack.projects.map((p) => (
            <SlackProject
              key={p.projectId}
              row={p}
              canChange={slack.canChange}
              reply={reply}
              confirming={slack.confirmDisconnect?.projectId === p.projectId}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function SlackProject({
  row,
  canChange,
  reply,
  confirming,
}: {
  row: SlackRow;
  canChange: boolean;
  reply: FormReply | undefined;
  confirming: boolean;
}) {
  const zone = useTimeZone();
  const connectReply = replyFor(reply, "connect-slack", ["projectId", row.projectId]);
  const actionReply =
    replyFor(reply, "test-slack", ["projectId", row.projectId]) ?? replyFor(reply, "disconnect-slack", ["projectId", row.projectId]);
  const [form, fields] = useSchemaForm(connectSlackSchema, { id: `slack-${row.projectId}`, lastResult: connectReply });
  const [actionForm] = useSchemaForm(slackProjectSchema, { id: `slack-action-${row.projectId}`, lastResult: actionReply });
  const headingId = `slack-${row.projectId}-h`;
  return (
    <li className="py-4" data-testid="slack-project" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="font-medium text-slate-900">
          {row.projectName}
        </h3>
        <span
          className={`rounded px-1.5 py-0.5 text-xs font-medium ${row.hint ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-700"}`}
        >
          {row.hint ? "Connected" : "Not connected"}
        </span>
      </div>
      {row.hint ? (
        <>
          <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-slate-600">Webhook</dt>
            <dd className="font-mono text-xs break-all text-slate-900">{row.hint}</dd>
            <dt className="text-slate-600">Connected</dt>
            <dd className="text-slate-900">
              by {row.connectedBy ?? "a former member"}, {row.connectedAt ? formatDateTime(row.connectedAt, zone) : ""}
            </dd>
            <dt className="text-slate-600">Last post</dt>
            <dd className="text-slate-900">{row.lastPostedAt ? formatDateTime(row.lastPostedAt, zone) : "None yet"}</dd>
          </dl>
          {row.lastError ? (
            <div className="mt-2">
              <FormMessage tone="error">
                The last post failed{row.lastErrorAt ? ` (${formatDateTime(row.lastErrorAt, zone)})` : ""}: {row.lastError}. If the webhook
                was removed in Slack, connect a new one.
              </FormMessage>
            </div>
          ) : null}
          {canChange ? (
            confirming ? (
              <ConfirmPanel
                nested
                id="disconnect-slack-confirm"
                title={`Disconnect Slack from ${row.projectName}?`}
                body="Nothing more is posted to that channel. The webhook itself stays in Slack until you remove it there."
                action="/settings/integrations"
                fields={{ intent: "disconnect-slack", projectId: row.projectId }}
                confirm="Disconnect Slack"
                testId="confirm-disconnect"
              />
            ) : (
              <Form
                method="post"
                action="/settings/integrations"
                {...getFormProps(actionForm)}
                className="mt-3 flex flex-wrap items-center gap-3"
              >
                <FormErrors form={actionForm} />
                <input type="hidden" name="intent" value="test-slack" />
                <input type="hidden" name="projectId" value={row.projectId} />
                <button type="submit" className={buttonClass("secondary", "md")}>
                  Send test message
                </button>
                <Link
                  to={`/settings/integrations?disconnect=${row.projectId}`}
                  className="text-sm font-medium text-red-700 hover:underline"
                  aria-label={`Disconnect Slack from ${row.projectName}`}
                >
                  Disconnect
                </Link>
              </Form>
            )
          ) : null}
        </>
      ) : canChange ? (
        <Form method="post" action="/settings/integrations" {...getFormProps(form)} className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="connect-slack" />
          <input type="hidden" name="projectId" value={row.projectId} />
          <FormErrors form={form} />
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <Field
              label={`Incoming-webhook URL for ${row.projectName}`}
              placeholder="https://hooks.slack.com/services/…"
              className="min-w-0 flex-1"
              autoComplete="off"
              {...fieldProps(fields.url, { type: "url" })}
            />
            <button type="submit" className={buttonClass("primary", "md", "shrink-0")}>
              Connect Slack
            </button>
          </div>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-slate-600">Members who may change this project can connect its channel.</p>
      )}
    </li>
  );
}
