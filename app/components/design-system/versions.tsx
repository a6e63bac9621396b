/**
 * Versions (publish with a semantic version and a note; compare any two, or a version and the
 * draft, with breaking changes called out; stable download links with a revocable token) and
 * import/export (downloads as plain links; an import shows what it would change before the user
 * confirms).
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { type FormReply, FormErrors, fieldProps, replyFor, useSchemaForm } from "~/components/ui/conform";
import { Field, FormMessage } from "~/components/ui/form";
import { formatDateTime } from "~/lib/dates";
import { useTimeZone } from "~/components/time-zone";
import { EXPORT_FORMATS, FORMAT_LABELS, publishSchema } from "~/lib/forms/design";
import { ConfirmForm, Select, ui, usePending } from "./manager-ui";
import type { DesignActionData, DesignData, DiffView } from "./types";

const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

/** The export links of the draft (or a version), for one theme or all. */
export function exportHref(data: DesignData, format: string, opts: { version?: string; theme?: string } = {}) {
  const p = new URLSearchParams();
  if (data.project) p.set("project", data.project.id);
  if (opts.version) p.set("version", opts.version);
  if (opts.theme) p.set("theme", opts.theme);
  const q = p.toString();
  return `/design/export/${format}${q ? `?${q}` : ""}`;
}

function ExportLinks({ data, version, label }: { data: DesignData; version?: string; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {EXPORT_FORMATS.map((f) => (
        <li key={f}>
          <a href={exportHref(data, f, { version })} download className={ui.summary}>
            {FORMAT_LABELS[f]}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function Versions({ data, reply }: { data: DesignData; reply: (FormReply & DesignActionData) | undefined }) {
  const zone = useTimeZone();
  const [form, fields] = useSchemaForm(publishSchema, {
    id: "publish",
    lastResult: replyFor(reply, "publish"),
    shouldValidate: "onSubmit",
  });
  const publishing = usePending("publish");
  const options = [
    { value: "draft", label: "Current draft" },
    ...data.versions.map((v) => ({ value: v.id, label: `Version ${v.version}` })),
  ];
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <div className="space-y-6">
      {data.canPublish ? (
        <section aria-labelledby="publish-h" className={`${ui.panel} p-4 sm:p-5`}>
          <h2 id="publish-h" className={`text-lg font-semibold ${ui.heading}`}>
            Publish a version
          </h2>
          <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end" noValidate>
            <FormErrors form={form} />
            <input type="hidden" name="intent" value="publish" />
            <Field label="Version" {...fieldProps(fields.version, { type: "text" })} placeholder="1.0.0" />
            <Field label="Note" {...fieldProps(fields.note, { type: "text" })} placeholder="What changed" />
            <Button type="submit" disabled={publishing}>
              {publishing ? "Publishing…" : "Publish"}
            </Button>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="versions-h" className={`${ui.panel} p-4 sm:p-5`}>
        <h2 id="versions-h" className={`text-lg font-semibold ${ui.heading}`}>
          Versions
        </h2>
        {data.versions.length === 0 ? (
          <p className={`mt-3 text-sm ${ui.muted}`}>
            No version published yet.{data.canPublish ? " Publish one above to give your build a stable set of tokens." : ""}
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {data.versions.map((v) => (
              <li key={v.id} className="py-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className={`font-semibold ${ui.heading}`}>Version {v.version}</p>
                  <p className={`text-xs ${ui.muted}`}>
                    {formatDateTime(v.createdAt, zone)}
                    {v.createdByName ? ` · ${v.createdByName}` : ""}
                  </p>
                </div>
                {v.note ? <p className={`mt-1 text-sm ${ui.body}`}>{v.note}</p> : null}
                <div className="mt-2">
                  <ExportLinks data={data} version={v.id} label={`Export version ${v.version}`} />
                </div>
                <p className="mt-2 text-sm">
                  <Link to={`${data.base}?tab=versions&links=${v.id}`} className={ui.link}>
                    Download links for build pipelines
                  </Link>
                </p>
                {data.linksFor === v.id ? <Links data={data} versionId={v.id} reply={reply} origin={origin} /> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="compare-h" className={`${ui.panel} p-4 sm:p-5`}>
        <h2 id="compare-h" className={`text-lg font-semibold ${ui.heading}`}>
          Compare
        </h2>
        <Form method="get" action={data.base} className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="tab" value="versions" />
          <Select
            label="From"
            name="from"
            id="compare-from"
            defaultValue={data.compare.from || data.versions[0]?.id || "draft"}
            options={options}
            className="w-48"
          />
          <Select label="To" name="to" id="compare-to" defaultValue={data.compare.to || "draft"} options={options} className="w-48" />
          <Button type="submit" variant="secondary">
            Compare
          </Button>
        </Form>
        {data.compareError ? (
          <div className="mt-3">
            <FormMessage tone="error">{data.compareError}</FormMessage>
          </div>
        ) : null}
        {data.comparison ? (
          <div className="mt-4">
            <h3 className={`text-sm font-semibold ${ui.heading}`}>
              {data.comparison.from} → {data.comparison.to}
            </h3>
            <DiffList diff={data.comparison.diff} />
          </div>
        ) : null}
      </section>
    </div>
  );
}

function Links({
  data,
  versionId,
  reply,
  origin,
}: {
  data: DesignData;
  versionId: string;
  reply: DesignActionData | undefined;
  origin: string;
}) {
  const zone = useTimeZone();
  const fresh = reply?.link?.versionId === versionId ? reply.link.token : null;
  const creating = usePending("create-link", ["versionId", versionId]);
  return (
    <div className="mt-3 rounded-md border border-slate-200 p-3">
      {fresh ? (
        <div className="mb-3">
          <FormMessage tone="success">
            New download link. Copy it now: it is not shown again. Each format:
            <ul className="mt-2 space-y-1">
              {["css", "dtcg"].map((f) => (
                <li key={f} className={ui.code}>
                  {origin}/design/versions/{versionId}/download/{f}?token={fresh}
                </li>
              ))}
            </ul>
            <span className="mt-1 block text-xs">Replace the format ({EXPORT_FORMATS.join(", ")}) and add &theme= for one theme.</span>
          </FormMessage>
        </div>
      ) : null}
      {data.links.length === 0 ? (
        <p className={`text-sm ${ui.muted}`}>No download links yet.</p>
      ) : (
        <ul className="space-y-2">
          {data.links.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className={ui.body}>
                Link created {formatDateTime(l.createdAt, zone)}
                {l.createdByName ? ` by ${l.createdByName}` : ""}
                {l.revokedAt ? ` · revoked ${formatDateTime(l.revokedAt, zone)}` : ""}
              </span>
              {!l.revokedAt && data.canPublish ? (
                <ConfirmForm
                  summary="Revoke"
                  question="Revoke this link? Pipelines using it stop getting files."
                  confirm="Revoke link"
                  fields={{ intent: "revoke-link", tokenId: l.id, versionId }}
                  pendingMatch={["tokenId", l.id]}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {data.canPublish ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="create-link" />
          <input type="hidden" name="versionId" value={versionId} />
          <Button type="submit" variant="secondary" size="sm" disabled={creating}>
            {creating ? "Creating…" : "Create a download link"}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

export function DiffList({ diff }: { diff: DiffView }) {
  if (diff.added.length + diff.removed.length + diff.changed.length + (diff.renamed?.length ?? 0) === 0)
    return <p className={`mt-2 text-sm ${ui.muted}`}>No differences.</p>;
  return (
    <div className="mt-2 space-y-4 text-sm">
      {diff.breaking.length > 0 ? (
        <div role="note" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-800">
          <h4 className="font-semibold">Breaking changes ({diff.breaking.length})</h4>
          <ul className="mt-1 list-disc pl-5">
            {diff.breaking.map((b) => (
              <li key={`${b.set ?? ""}/${b.path}`}>
                <span className="font-mono text-xs">{b.path}</span>
                {b.set ? ` (${b.set})` : ""}: {b.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <DiffGroup
        title={`Renamed (${diff.renamed?.length ?? 0})`}
        items={(diff.renamed ?? []).map((r) => ({ key: `${r.set}/${r.from}`, path: r.from, set: r.set, text: `→ ${r.to}` }))}
      />
      <DiffGroup
        title={`Added (${diff.added.length})`}
        items={diff.added.map((a) => ({ key: `${a.set}/${a.path}`, path: a.path, set: a.set, text: show(a.value) }))}
      />
      <DiffGroup
        title={`Removed (${diff.removed.length})`}
        items={diff.removed.map((a) => ({ key: `${a.set}/${a.path}`, path: a.path, set: a.set, text: show(a.value) }))}
      />
      <DiffGroup
        title={`Changed (${diff.changed.length})`}
        items={diff.changed.map((c) => ({
          key: `${c.set}/${c.path}`,
          path: c.path,
          set: c.set,
          text: `${show(c.before)} → ${show(c.after)}`,
        }))}
      />
    </div>
  );
}

function DiffGroup({ title, items }: { title: string; items: { key: string; path: string; set: string; text: string }[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <h4 className={`font-semibold ${ui.heading}`}>{title}</h4>
      <ul className="mt-1 space-y-1">
        {items.slice(0, 300).map((i) => (
          <li key={i.key} className="break-words">
            <span className="font-mono text-xs font-semibold">{i.path}</span> <span className={`text-xs ${ui.muted}`}>({i.set})</span>{" "}
            <span className={ui.code}>{i.text}</span>
          </li>
        ))}
      </ul>
      {items.length > 300 ? <p className={`text-xs ${ui.muted}`}>…and {items.length - 300} more.</p> : null}
    </div>
  );
}

export function ImportExport({ data, reply }: { data: DesignData; reply: DesignActionData | undefined }) {
  const preview = reply?.importPreview;
  const previewing = usePending("import-preview");
  const applying = usePending("import-apply");
  return (
    <div className="space-y-6">
      <section aria-labelledby="export-h" className={`${ui.panel} p-4 sm:p-5`}>
        <h2 id="export-h" className={`text-lg font-semibold ${ui.heading}`}>
          Export the draft
        </h2>
        <p className={`mt-1 text-sm ${ui.muted}`}>
          Every theme in one file (CSS: :root for the first theme, [data-theme] blocks for the others).
        </p>
        <div className="mt-3">
          <ExportLinks data={data} label="Export the draft" />
        </div>
        {data.themes.length > 1 ? (
          <div className="mt-4">
            <h3 className={`text-sm font-semibold ${ui.heading}`}>One theme</h3>
            <ul className="mt-2 space-y-2">
              {data.themes.map((t) => (
                <li key={t} className="flex flex-wrap items-center gap-2 text-sm">
                  <span className={`w-20 font-medium ${ui.heading}`}>{t}</span>
                  {EXPORT_FORMATS.filter((f) => f !== "tokens-studio").map((f) => (
                    <a key={f} href={exportHref(data, f, { theme: t })} download className={`text-xs ${ui.link}`}>
                      {FORMAT_LABELS[f]}
                    </a>
                  ))}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      {data.canEdit ? (
        <section aria-labelledby="import-h" className={`${ui.panel} p-4 sm:p-5`}>
          <h2 id="import-h" className={`text-lg font-semibold ${ui.heading}`}>
            Import
          </h2>
          <p className={`mt-1 text-sm ${ui.muted}`}>
            A DTCG JSON file or a Tokens Studio file (legacy value and type keys too). It replaces{" "}
            {data.project ? "this project's own sets and themes" : "the workspace's sets and themes"}; you see what changes first.
          </p>
          {reply?.importError ? (
            <div className="mt-3">
              <FormMessage tone="error">{reply.importError}</FormMessage>
            </div>
          ) : null}
          <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="import-preview" />
            <div>
              <label htmlFor="import-file" className="block text-sm font-medium text-slate-700">
                File
              </label>
              <input
                id="import-file"
                type="file"
                name="file"
                accept=".json,application/json"
                required
                className="mt-1 block text-sm text-slate-700"
              />
            </div>
            <Button type="submit" variant="secondary" disabled={previewing}>
              {previewing ? "Reading…" : "Preview import"}
            </Button>
          </Form>
          {preview ? (
            <div className="mt-5 rounded-md border border-brand-200 bg-brand-50/40 p-4" aria-labelledby="import-preview-h">
              <h3 id="import-preview-h" className={`font-semibold ${ui.heading}`}>
                Preview{preview.fileName ? ` of ${preview.fileName}` : ""}
              </h3>
              <p className={`mt-1 text-sm ${ui.body}`}>
                {preview.diff.added.length} added, {preview.diff.changed.length} changed, {preview.diff.removed.length} removed · sets{" "}
                {preview.sets.join(", ") || "none"}
                {preview.themes.length ? ` · themes ${preview.themes.join(", ")}` : ""}. Nothing has changed yet.
              </p>
              <DiffList diff={preview.diff} />
              <Form method="post" className="mt-4 flex flex-wrap gap-3">
                <input type="hidden" name="intent" value="import-apply" />
                <textarea name="content" defaultValue={preview.content} hidden readOnly aria-hidden />
                <Button type="submit" disabled={applying}>
                  {applying ? "Importing…" : "Confirm import"}
                </Button>
                <Link to={`${data.base}?tab=import`} className={`self-center ${ui.link}`}>
                  Cancel
                </Link>
              </Form>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
