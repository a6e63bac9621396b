import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { fieldProps, useSchemaForm } from "~/components/ui/conform";
import { Field } from "~/components/ui/form";
import { formatDay } from "~/lib/dates";
import { useTimeZone } from "~/components/time-zone";
import { createProjectSchema } from "~/lib/forms/projects";

type Project = {
  id: string;
  name: string;
  description: string;
  archivedAt: string | Date | null;
  updatedAt: string | Date;
  openCards: number;
  doneCards: number;
};

export type ProjectsPageData = {
  projects: Project[];
  q: string;
  sort: "updated" | "name" | "created";
  archived: boolean;
  usage: { projects: number; limit: number | null; plan: string };
  canCreate: boolean;
  canArchive: boolean;
};

/** The action's refusal: conform's reply, and `upgrade` when a plan limit (or read-only mode) refused it. */
export type ProjectsReply = (SubmissionResult<string[]> & { upgrade?: boolean }) | undefined;

/** The reply of the form that posted `intent`, else nothing. */
const replyOf = (reply: ProjectsReply, intent: string) => (reply?.initialValue?.intent === intent ? reply : undefined);

export function ProjectsPage({ data, reply }: { data: ProjectsPageData; reply: ProjectsReply }) {
  const zone = useTimeZone();
  const busy = useNavigation().formData?.get("intent") === "create-project";
  const created = replyOf(reply, "create-project");
  const [form, fields] = useSchemaForm(createProjectSchema, { id: "new-project", lastResult: created });
  const restoreFailure = replyOf(reply, "restore-project")?.error?.[""] ?? replyOf(reply, "restore-project")?.error?.projectId;
  const tab = (archived: boolean) => {
    const p = new URLSearchParams();
    if (data.q) p.set("q", data.q);
    if (data.sort !== "updated") p.set("sort", data.sort);
    if (archived) p.set("view", "archived");
    const s = p.toString();
    return `/projects${s ? `?${s}` : ""}`;
  };
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Projects</h1>
          <p className="mt-1 text-sm text-slate-600">
            Every project has a kanban board.{" "}
            {data.usage.limit !== null
              ? `${data.usage.projects} of ${data.usage.limit} active projects on the ${data.usage.plan} plan.`
              : `${data.usage.projects} active projects.`}
          </p>
        </div>
      </div>

      {data.canCreate && !data.archived ? (
        <Form
          method="post"
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          aria-labelledby="new-project-h"
          {...getFormProps(form)}
        >
          <h2 id="new-project-h" className="text-sm font-semibold text-slate-800">
            New project
          </h2>
          <input type="hidden" name="intent" value="create-project" />
          <div className="mt-3 flex flex-wrap items-start gap-3">
            <Field label="Name" className="min-w-56 flex-1" {...fieldProps(fields.name, { type: "text" })} />
            <Field label="Description (optional)" className="min-w-56 flex-[2]" {...fieldProps(fields.description, { type: "text" })} />
            <button type="submit" disabled={busy} className={buttonClass("primary", "md", "mt-6")}>
              {busy ? "Processing..." : "Create project"}
            </button>
          </div>
          {form.errors?.length ? (
            // A plan limit or a read-only workspace: the message, and where to change the plan.
            <p id={form.errorId} role="alert" className="mt-2 text-sm text-red-700">
              {form.errors.join(" ")}{" "}
              {created?.upgrade ? (
                <Link to="/billing" className="font-semibold underline">
                  See plans
                </Link>
              ) : null}
            </p>
          ) : (
            <div id={form.errorId} hidden />
          )}
        </Form>
      ) : null}

      <div className="flex flex-wrap items-end justify-between gap-3">
        <nav aria-label="Project lists" className="flex gap-1 rounded-lg bg-slate-100 p-1 text-sm">
          <Link
            to={tab(false)}
            aria-current={!data.archived ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 font-medium ${!data.archived ? "bg-white shadow-sm" : "text-slate-600"}`}
          >
            Active
          </Link>
          <Link
            to={tab(true)}
            aria-current={data.archived ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 font-medium ${data.archived ? "bg-white shadow-sm" : "text-slate-600"}`}
          >
            Archived
          </Link>
        </nav>
        <Form method="get" role="search" aria-label="Search projects" className="flex flex-wrap items-end gap-2">
          {data.archived ? <input type="hidden" name="view" value="archived" /> : null}
          <label className="text-xs font-medium text-slate-600">
            Search
            <input
              type="search"
              name="q"
              defaultValue={data.q}
              className="mt-1 block w-56 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            />
          </label>
          <label className="text-xs font-medium text-slate-600">
            Sort by
            <select name="sort" defaultValue={data.sort} className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5 text-sm">
              <option value="updated">Recently updated</option>
              <option value="name">Name</option>
              <option value="created">Newest</option>
            </select>
          </label>
          <button type="submit" className={buttonClass("secondary", "sm")}>
            Apply
          </button>
        </Form>
      </div>

      {restoreFailure?.length ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {restoreFailure.join(" ")}
        </p>
      ) : null}

      {data.projects.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
          <p className="text-sm font-medium text-slate-800">
            {data.q ? `No projects match "${data.q}".` : data.archived ? "No archived projects." : "No projects yet."}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {data.archived
              ? "Archived projects keep all their cards and can be restored."
              : data.canCreate
                ? "Create your first project above: it starts with a ready-made board."
                : "Projects your team creates will appear here."}
          </p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {data.projects.map((p) => (
            <li key={p.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h2 className="text-base font-semibold text-slate-900">
                <Link to={`/projects/${p.id}`} className="hover:underline">
                  {p.name}
                </Link>
              </h2>
              {p.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-600">{p.description}</p> : null}
              <p className="mt-3 text-xs text-slate-500">
                {p.openCards} open · {p.doneCards} done · updated {formatDay(p.updatedAt, zone)}
              </p>
              {data.archived && data.canArchive ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="restore-project" />
                  <input type="hidden" name="projectId" value={p.id} />
                  <button type="submit" className={buttonClass("secondary", "sm")}>
                    Restore {p.name}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
