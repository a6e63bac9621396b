/**
 * /wireframes and /projects/{id}/wireframes: a workspace's (or one project's) wireframes,
 * newest first, each with its first screen drawn on the server, its project, who changed
 * it and when; filters in the URL (a GET form); rename, duplicate and delete as plain
 * forms (delete asks first), shown only to the roles that may use them.
 */
import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Breadcrumb, EmptyState, ScreenHeader } from "~/components/shell/screen";
import { Button } from "~/components/ui/button";
import { buttonClass } from "~/components/ui/button-styles";
import { type FormReply, replyFor, replyMessages, useSchemaForm } from "~/components/ui/conform";
import { Field } from "~/components/ui/form";
import { formatDateTime } from "~/lib/dates";
import { useTimeZone } from "~/components/time-zone";
import { SEARCH_MAX, duplicateWireframeSchema } from "~/lib/forms/wireframes";
import type { TokenValues } from "~/lib/wireframes/render";
import { FigmaImportForm } from "./figma-import-form";
import { ImportForm } from "./import-form";
import { DeleteItem, RenameItem } from "./item-forms";
import { SelectField, plural, ui, usePosting, useReloading } from "./page-ui";
import { type ComponentsById, type ScreenPreview, ScreenThumbnail } from "./thumbnail";

export type WireframeListItem = {
  id: string;
  name: string;
  projectId: string;
  projectName: string;
  updatedAt: Date | string;
  updatedByName: string | null;
  screenCount: number;
  /** The first screen, for the thumbnail (null for a wireframe without screens). */
  thumbnail: ScreenPreview | null;
};

export type WireframeListData = {
  wireframes: WireframeListItem[];
  /** The workspace's main components that the thumbnails' instances draw. */
  components: ComponentsById;
  /** The project filter's choices (on /wireframes). */
  projects: { id: string; name: string }[];
  filters: { projectId: string | null; q: string };
  /** Set on /projects/{id}/wireframes: the list is that project's. */
  project: { id: string; name: string } | null;
  /** Design-token values by project id, for the thumbnails. */
  tokens?: Record<string, TokenValues>;
  canEdit: boolean;
  canDelete: boolean;
};

export function WireframeListPage({ data, reply }: { data: WireframeListData; reply: FormReply | undefined }) {
  const base = data.project ? `/projects/${data.project.id}/wireframes` : "/wireframes";
  const newHref = data.project ? `/wireframes/editor?project=${data.project.id}` : "/wireframes/editor";
  const filtered = Boolean(data.filters.q || (!data.project && data.filters.projectId));
  const reloading = useReloading();
  return (
    <>
      <ScreenHeader
        title="Wireframes"
        eyebrow={data.project ? <Breadcrumb to={`/projects/${data.project.id}`} label={data.project.name} /> : undefined}
        description={
          data.project
            ? `The wireframes of ${data.project.name}, newest first.`
            : "Sketch the screens your cards build, with real UI components. Newest first."
        }
        actions={
          <>
            {data.canEdit ? (
              <Link to={newHref} className={buttonClass("primary")}>
                New wireframe
              </Link>
            ) : null}
            <Link to="/wireframes/templates" className={buttonClass("secondary")}>
              Templates
            </Link>
            <Link to="/wireframes/library" className={buttonClass("secondary")}>
              Component library
            </Link>
            {data.canEdit && !data.project ? <ImportForm projects={data.projects} reply={reply} /> : null}
            {data.canEdit && !data.project ? <FigmaImportForm projects={data.projects} /> : null}
          </>
        }
      />

      {data.wireframes.length === 0 && !filtered ? (
        <EmptyState
          icon="wireframes"
          title={data.project ? "No wireframes in this project yet" : "No wireframes yet"}
          action={data.canEdit ? { to: newHref, label: "Start a wireframe" } : undefined}
        >
          <p>
            {data.canEdit
              ? "Start from a blank screen or a starter template: sign-in, dashboard, pricing and more."
              : "Wireframes your team creates will be listed here, newest first."}
          </p>
        </EmptyState>
      ) : (
        <div className="space-y-5">
          <Filters data={data} base={base} filtered={filtered} />
          <section aria-labelledby="wireframes-list-h" aria-busy={reloading || undefined}>
            <h2 id="wireframes-list-h" className="sr-only">
              {filtered ? "Matching wireframes" : "All wireframes"}
            </h2>
            {reloading ? (
              <p role="status" className={`mb-3 text-sm ${ui.muted}`}>
                Loading wireframes...
              </p>
            ) : null}
            {data.wireframes.length === 0 ? (
              <div className={`${ui.dashed} p-10 text-center`}>
                <p className={`text-sm font-medium ${ui.heading}`}>
                  {data.filters.q ? `No wireframes match “${data.filters.q}”.` : "No wireframes in this project."}
                </p>
                <p className={`mt-2 text-sm ${ui.muted}`}>
                  <Link to={base} className={ui.link}>
                    Show all wireframes
                  </Link>
                </p>
              </div>
            ) : (
              <ul className={`grid gap-4 sm:grid-cols-2 xl:grid-cols-3 ${reloading ? "opacity-60 transition-opacity" : ""}`}>
                {data.wireframes.map((w) => (
                  <WireframeCard key={w.id} wireframe={w} data={data} reply={reply} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </>
  );
}

function Filters({ data, base, filtered }: { data: WireframeListData; base: string; filtered: boolean }) {
  return (
    <Form method="get" action={base} role="search" aria-label="Filter wireframes" className="flex flex-wrap items-end gap-3">
      {data.project ? null : (
        <SelectField
          label="Project"
          name="project"
          id="wireframes-project"
          defaultValue={data.filters.projectId ?? ""}
          placeholder="All projects"
          options={data.projects.map((p) => ({ value: p.id, label: p.name }))}
          className="w-full sm:w-56"
        />
      )}
      <Field
        label="Search by name"
        name="q"
        id="wireframes-q"
        type="search"
        maxLength={SEARCH_MAX}
        defaultValue={data.filters.q}
        className="w-full sm:w-64"
      />
      <div className="flex items-center gap-3">
        <Button type="submit" variant="secondary">
          Apply
        </Button>
        {filtered ? (
          <Link to={base} className={`text-sm ${ui.link}`}>
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function WireframeCard({
  wireframe: w,
  data,
  reply,
}: {
  wireframe: WireframeListItem;
  data: WireframeListData;
  reply: FormReply | undefined;
}) {
  const zone = useTimeZone();
  const href = `/wireframes/editor/${w.id}`;
  const duplicateReply = replyFor(reply, "duplicate", ["wireframeId", w.id]);
  const item = { kind: "wireframe" as const, id: w.id, name: w.name };
  return (
    <li className={`flex min-w-0 flex-col ${ui.panel}`}>
      <div className="relative">
        <ScreenThumbnail
          preview={w.thumbnail}
          components={data.components}
          tokens={data.tokens?.[w.projectId]}
          wireframeId={w.id}
          className="aspect-[16/10] rounded-t-xl"
        />
        <div className="px-4 pt-3">
          <h3 className={`truncate text-base font-semibold ${ui.heading}`}>
            <Link to={href} className="after:absolute after:inset-0 hover:underline">
              {w.name}
            </Link>
          </h3>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 px-4 pt-1 pb-4">
        <p className={`text-xs ${ui.muted}`}>
          {data.project ? null : (
            <>
              <Link to={`/projects/${w.projectId}/wireframes`} className="relative font-medium text-slate-700 hover:underline">
                {w.projectName}
              </Link>
              {" · "}
            </>
          )}
          {plural(w.screenCount, "screen")}
        </p>
        <p className={`text-xs ${ui.muted}`}>
          Changed {formatDateTime(w.updatedAt, zone)}
          {w.updatedByName ? ` by ${w.updatedByName}` : ""}
        </p>
        <p className="text-xs">
          <Link to={`/wireframes/export/${w.id}`} className={`relative ${ui.link}`}>
            Export<span className="sr-only"> {w.name}</span>
          </Link>
        </p>
        {data.canEdit || data.canDelete ? (
          <div className="mt-3 flex flex-wrap items-start gap-2">
            {data.canEdit ? <RenameItem item={item} reply={reply} /> : null}
            {data.canEdit ? <DuplicateWireframe wireframe={w} reply={duplicateReply} /> : null}
            {data.canDelete ? (
              <DeleteItem
                item={item}
                reply={reply}
                warning={`“${w.name}” and its ${plural(w.screenCount, "screen")} are deleted for everyone. Cards that link to it stay; only their links go. This cannot be undone.`}
              />
            ) : null}
          </div>
        ) : null}
        {duplicateReply?.error ? <DuplicateError reply={duplicateReply} id={w.id} /> : null}
      </div>
    </li>
  );
}

function DuplicateWireframe({ wireframe, reply }: { wireframe: WireframeListItem; reply: FormReply | undefined }) {
  const [form] = useSchemaForm(duplicateWireframeSchema, { id: `duplicate-${wireframe.id}`, lastResult: reply });
  const busy = usePosting("duplicate", ["wireframeId", wireframe.id]);
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="duplicate" />
      <input type="hidden" name="wireframeId" value={wireframe.id} />
      <button type="submit" disabled={busy} className={`${ui.summary} disabled:opacity-60`}>
        {busy ? "Duplicating..." : "Duplicate"}
        <span className="sr-only"> {wireframe.name}</span>
      </button>
    </Form>
  );
}

function DuplicateError({ reply, id }: { reply: FormReply; id: string }) {
  return (
    <p id={`duplicate-${id}-message`} role="alert" className="mt-2 text-sm text-red-700">
      {replyMessages(reply).join(" ")}
    </p>
  );
}
