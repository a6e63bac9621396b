import { getFormProps, getSelectProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { ActivityList, type ActivityView } from "~/components/activity/activity-list";
import { WorkList, type WorkItem } from "~/components/team/member-page";
import { buttonClass } from "~/components/ui/button-styles";
import { FormErrors, type FormReply, fieldProps, messageOf, useSchemaForm } from "~/components/ui/conform";
import { Field } from "~/components/ui/form";
import { dueState } from "~/lib/board";
import { calendarDay } from "~/lib/dates";
import { useTimeZone } from "~/components/time-zone";
import { quickCreateSchema } from "~/lib/forms/dashboard";

export type DashboardData = {
  name: string;
  workspaceName: string;
  canCreate: boolean;
  work: WorkItem[];
  activity: ActivityView[];
  projects: { id: string; name: string; openCards: number; doneCards: number; doneThisWeek: number }[];
  projectCount: number;
};

export function DashboardPage({ data, reply }: { data: DashboardData; reply: FormReply | undefined }) {
  const today = calendarDay(new Date(), useTimeZone());
  const overdue = data.work.filter((w) => dueState(w.dueDate, w.stateGroup, today) === "overdue").length;
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Dashboard</h1>
        <p className="mt-1 text-sm text-slate-600">
          Welcome back, {data.name}. {data.workspaceName}: {data.work.length} open card{data.work.length === 1 ? "" : "s"} assigned to you
          {overdue ? `, ${overdue} overdue` : ""}.
        </p>
      </div>

      {data.canCreate ? (
        data.projects.length > 0 ? (
          <QuickCreate projects={data.projects} reply={reply} />
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="text-sm font-medium text-slate-800">Start with a project</p>
            <p className="mt-1 text-sm text-slate-600">A project comes with a board: Backlog, To do, In progress, Review and Done.</p>
            <Link to="/projects" className={buttonClass("primary", "md", "mt-4")}>
              Create a project
            </Link>
          </div>
        )
      ) : null}

      <div className="grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="mywork-h" className="lg:col-span-2">
          <h2 id="mywork-h" className="text-lg font-semibold text-slate-900">
            My work
          </h2>
          <WorkList
            items={data.work}
            empty="Nothing is assigned to you. Cards assigned to you in any project show up here, overdue first."
          />
        </section>
        <section aria-labelledby="projects-h">
          <h2 id="projects-h" className="text-lg font-semibold text-slate-900">
            Projects
          </h2>
          {data.projects.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No projects yet.</p>
          ) : (
            <ul className="mt-3 space-y-2">
              {data.projects.map((p) => (
                <li key={p.id} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
                  <Link to={`/projects/${p.id}`} className="text-sm font-medium text-slate-900 hover:underline">
                    {p.name}
                  </Link>
                  <p className="text-xs text-slate-500">
                    {p.openCards} open · {p.doneThisWeek} done this week
                  </p>
                </li>
              ))}
            </ul>
          )}
          {data.projectCount > data.projects.length ? (
            <Link to="/projects" className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
              All {data.projectCount} projects
            </Link>
          ) : null}
        </section>
      </div>

      <section aria-labelledby="recent-h">
        <h2 id="recent-h" className="text-lg font-semibold text-slate-900">
          Recent activity
        </h2>
        <ActivityList items={data.activity} withCard />
      </section>
    </div>
  );
}

/** A card in one of the workspace's projects, without opening its board. */
function QuickCreate({ projects, reply }: { projects: DashboardData["projects"]; reply: FormReply | undefined }) {
  const [form, fields] = useSchemaForm(quickCreateSchema, {
    id: "quick-create",
    lastResult: reply,
    defaultValue: { projectId: projects[0]!.id },
  });
  const { key: _key, ...projectSelect } = getSelectProps(fields.projectId);
  const projectError = messageOf(fields.projectId);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby="quick-h"
    >
      <h2 id="quick-h" className="text-sm font-semibold text-slate-800">
        Quick create
      </h2>
      <div className="mt-3 flex flex-wrap items-start gap-3">
        <Field label="Card title" className="min-w-64 flex-[2]" {...fieldProps(fields.title, { type: "text" })} />
        <div className="min-w-48 flex-1">
          <label htmlFor={fields.projectId.id} className="block text-sm font-medium text-slate-700">
            Project
          </label>
          <select
            {...projectSelect}
            aria-invalid={projectError ? true : undefined}
            aria-describedby={projectError ? fields.projectId.errorId : undefined}
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-2 text-sm"
          >
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          {projectError ? (
            <p id={fields.projectId.errorId} className="mt-1 text-sm text-red-600">
              {projectError}
            </p>
          ) : null}
        </div>
        <button type="submit" className={buttonClass("primary", "md", "mt-6")}>
          Create card
        </button>
      </div>
      <div className="mt-2">
        <FormErrors form={form} />
      </div>
    </Form>
  );
}
