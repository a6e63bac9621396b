import { Form, Link, useLocation } from "@remix-run/react";
import { InsightCountLink } from "~/components/insights/insight-count-link";
import { ActivityList, type ActivityView } from "~/components/activity/activity-list";
import { useHydrated } from "~/components/ui/form";
import { useToast } from "~/components/ui/toast";
import type { BoardColumnView, CardDetailView, LabelView, MemberView } from "~/lib/board";
import { postedValues, type BoardActionData, type BoardFailure } from "~/lib/forms/board";
import { BoardFilters, type FilterValues } from "./board-filters";
import { errorAttributes } from "./board-menu";
import { BoardView } from "./board-view";
import { CardDetail } from "./card-detail";
import { COLUMN_MENU_INTENTS } from "./column-header";
import { PROJECT_MENU_INTENTS, ProjectSettingsMenu } from "./project-settings-menu";
import { BoardShortcuts } from "./shortcuts";
import { useBoardEvents } from "./use-board-events";

export type BoardPageData = {
  project: { id: string; name: string; description: string; archivedAt: string | Date | null };
  columns: BoardColumnView[];
  labels: LabelView[];
  members: MemberView[];
  activity: ActivityView[];
  card: CardDetailView | null;
  cardActivity: ActivityView[];
  filters: FilterValues;
  me: string;
  role: string;
  permissions: { edit: boolean; manageColumns: boolean; updateProject: boolean; archive: boolean; deleteProject: boolean };
  /** The project's insights (a link to them on /analytics). */
  insightCount?: number;
};

const LIVE_LABEL = { connecting: "Connecting…", live: "Live", offline: "Offline — changes appear when you reload" } as const;
/** Where a refusal's message shows: inside the menu or next to the form it came from, else at the top. */
function placeError(error: BoardFailure | null, columns: BoardColumnView[]) {
  const columnId = error ? postedValues(error).columnId : undefined;
  const column = error && COLUMN_MENU_INTENTS.includes(error.intent) && columns.some((c) => c.id === columnId) ? error : null;
  const project = error && PROJECT_MENU_INTENTS.includes(error.intent) ? error : null;
  const addColumn = error?.intent === "add-column" ? error : null;
  return { column, project, addColumn, top: column || project || addColumn ? null : error };
}

export function ProjectBoardPage({ data, actionData }: { data: BoardPageData; actionData: BoardActionData }) {
  const location = useLocation();
  const { toast } = useToast();
  const live = useBoardEvents(data.project.id, (e) => {
    if (e.by && e.by !== data.me && e.type === "card.deleted") {
      toast({ variant: "info", title: "A card was deleted by a teammate" });
    }
  });
  const params = new URLSearchParams(location.search);
  const withTask = (id: string | null) => {
    const p = new URLSearchParams(params);
    if (id) p.set("task", id);
    else p.delete("task");
    const s = p.toString();
    return `${location.pathname}${s ? `?${s}` : ""}`;
  };
  const error = actionData ?? null;
  const placed = placeError(error, data.columns);
  const hydrated = useHydrated();
  const { project, permissions } = data;
  const archived = !!project.archivedAt;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
            <Link to="/projects" className="hover:underline">
              Projects
            </Link>{" "}
            /
          </nav>
          <h1 className="mt-1 truncate text-2xl font-semibold text-slate-900">{project.name}</h1>
          {project.description ? <p className="mt-1 max-w-3xl text-sm text-slate-600">{project.description}</p> : null}
        </div>
        <div className="flex items-center gap-3">
          {data.insightCount !== undefined ? <InsightCountLink projectId={project.id} count={data.insightCount} /> : null}
          {hydrated ? (
            <span
              className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ${
                live === "live" ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-600"
              }`}
              role="status"
              data-live-state={live}
            >
              <span aria-hidden className={`h-2 w-2 rounded-full ${live === "live" ? "bg-green-500" : "bg-slate-400"}`} />
              {LIVE_LABEL[live]}
            </span>
          ) : (
            // Live updates run on JavaScript. Without it (`scripting: none`) say so rather than
            // "Connecting…" forever; with it, nothing shows until the page has hydrated.
            <span className="hidden rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600 noscript:inline-flex">
              Live updates need JavaScript
            </span>
          )}
          <Link to={`/projects/${project.id}/cycles`} className="text-sm font-medium text-brand-700 hover:underline">
            Cycles<span className="sr-only"> of {project.name}</span>
          </Link>
          <Link to={`/analytics?project=${project.id}#project-flow`} className="text-sm font-medium text-brand-700 hover:underline">
            Analytics<span className="sr-only"> for {project.name}</span>
          </Link>
          {permissions.updateProject || permissions.archive || permissions.deleteProject ? (
            <ProjectSettingsMenu project={project} permissions={permissions} error={error} />
          ) : null}
          <ShortcutHint />
        </div>
      </div>

      {archived ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note">
          This project is archived. Restore it to work on it again; nothing in it was deleted.
        </p>
      ) : null}
      {!permissions.edit ? (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700" role="note">
          You are a viewer in this workspace: you can read this board but not change it.
        </p>
      ) : null}
      {placed.top && !data.card ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {placed.top.message}
        </p>
      ) : null}

      <BoardFilters values={data.filters} members={data.members} labels={data.labels} clearHref={location.pathname} />

      <BoardView
        projectId={project.id}
        columns={data.columns}
        members={data.members}
        labels={data.labels}
        canEdit={permissions.edit && !archived}
        canManageColumns={permissions.manageColumns && !archived}
        cardHref={(id) => withTask(id)}
        columnError={placed.column}
        expandHref={(columnId) => {
          const p = new URLSearchParams(params);
          if (!p.getAll("expand").includes(columnId)) p.append("expand", columnId);
          return `${location.pathname}?${p.toString()}`;
        }}
      />

      {permissions.manageColumns && !archived ? (
        <Form method="post" className="flex flex-wrap items-end gap-2" aria-label="Add a column">
          <input type="hidden" name="intent" value="add-column" />
          <label className="text-xs font-medium text-slate-600">
            New column
            <input
              name="name"
              required
              maxLength={60}
              className="mt-1 block w-48 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
              {...errorAttributes(placed.addColumn?.message, "add-column-error")}
            />
          </label>
          <label className="text-xs font-medium text-slate-600">
            Counts as
            <select
              aria-label="Counts as"
              name="stateGroup"
              defaultValue="unstarted"
              className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            >
              <option value="backlog">Backlog</option>
              <option value="unstarted">Not started</option>
              <option value="started">In progress</option>
              <option value="completed">Completed</option>
              <option value="cancelled">Cancelled</option>
            </select>
          </label>
          <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
            Add column
          </button>
          {placed.addColumn ? (
            <p id="add-column-error" role="alert" className="basis-full text-sm text-red-700">
              {placed.addColumn.message}
            </p>
          ) : null}
        </Form>
      ) : null}

      <details className="rounded-lg border border-slate-200 bg-white p-4">
        <summary className="cursor-pointer text-sm font-semibold text-slate-800">Project activity</summary>
        <ActivityList items={data.activity} withCard />
      </details>

      {data.card ? (
        <CardDetail
          card={data.card}
          columns={data.columns}
          members={data.members}
          labels={data.labels}
          activity={data.cardActivity}
          closeHref={withTask(null)}
          canEdit={permissions.edit && !archived}
          error={error}
        />
      ) : null}
      <BoardShortcuts />
    </div>
  );
}

function ShortcutHint() {
  return (
    <span className="hidden text-xs text-slate-500 lg:inline">
      Press <kbd className="rounded border border-slate-300 px-1 font-mono">?</kbd> for shortcuts
    </span>
  );
}
