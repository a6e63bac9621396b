import { Form, Link, useLocation } from "@remix-run/react";
import { useHydrated } from "~/components/ui/form";
import { useToast } from "~/components/ui/toast";
import { BoardFilters, type FilterValues } from "./board-filters";
import { BoardMenu, errorAttributes, MenuForm } from "./board-menu";
import { BoardView } from "./board-view";
import { ActivityList, CardDetail, type ActivityView, type CardDetailView } from "./card-detail";
import { BoardShortcuts } from "./shortcuts";
import type { BoardColumnView, LabelView, MemberView } from "./types";
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
};

export type BoardActionData =
  { ok: false; intent: string; message: string; field?: string; values?: Record<string, string> } | { ok: true } | undefined;

const LIVE_LABEL = { connecting: "Connecting…", live: "Live", offline: "Offline — changes appear when you reload" } as const;
const PROJECT_MENU_INTENTS = ["update-project", "archive-project", "restore-project", "delete-project"];
const COLUMN_MENU_INTENTS = ["update-column", "shift-column", "delete-column"];

/** Where a failed form's message shows: inside the menu or next to the form it came from, else at the top. */
function placeError(error: Extract<BoardActionData, { ok: false }> | null, columns: BoardColumnView[]) {
  const columnId = error?.values?.columnId;
  const column =
    error && COLUMN_MENU_INTENTS.includes(error.intent) && columns.some((c) => c.id === columnId)
      ? { ...error, columnId: columnId! }
      : null;
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
  const error = actionData && !actionData.ok ? actionData : null;
  const placed = placeError(error, data.columns);
  const menuError = (...intents: string[]) => (placed.project && intents.includes(placed.project.intent) ? placed.project.message : null);
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
          {permissions.updateProject || permissions.archive || permissions.deleteProject ? (
            <BoardMenu
              summary="Project settings"
              summaryClassName="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
              panelClassName="z-30 mt-2 w-80 space-y-4 p-4"
              error={!!placed.project}
            >
              {permissions.updateProject ? (
                <MenuForm
                  intent="update-project"
                  error={menuError("update-project")}
                  errorId="update-project-error"
                  submit={
                    <button type="submit" className="rounded bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
                      Save project
                    </button>
                  }
                >
                  <label className="block text-xs font-medium text-slate-600">
                    Name
                    <input
                      name="name"
                      required
                      maxLength={200}
                      defaultValue={project.name}
                      className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm"
                      {...errorAttributes(menuError("update-project"), "update-project-error")}
                    />
                  </label>
                  <label className="block text-xs font-medium text-slate-600">
                    Description
                    <textarea
                      name="description"
                      rows={3}
                      defaultValue={project.description}
                      className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm"
                    />
                  </label>
                </MenuForm>
              ) : null}
              {permissions.archive ? (
                <MenuForm
                  intent={archived ? "restore-project" : "archive-project"}
                  error={menuError("archive-project", "restore-project")}
                  submit={
                    <button type="submit" className="rounded border border-slate-300 px-3 py-1 text-xs font-medium">
                      {archived ? "Restore project" : "Archive project"}
                    </button>
                  }
                />
              ) : null}
              {permissions.deleteProject ? (
                <MenuForm
                  intent="delete-project"
                  className="space-y-2 border-t border-slate-100 pt-3"
                  error={menuError("delete-project")}
                  errorId="delete-project-error"
                  submit={
                    <button type="submit" className="rounded bg-red-600 px-3 py-1 text-xs font-semibold text-white">
                      Delete project
                    </button>
                  }
                >
                  <label className="block text-xs font-medium text-slate-600">
                    Type <strong>{project.name}</strong> to delete the project and all its cards
                    <input
                      name="confirm"
                      required
                      autoComplete="off"
                      className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm"
                      {...errorAttributes(menuError("delete-project"), "delete-project-error")}
                    />
                  </label>
                </MenuForm>
              ) : null}
            </BoardMenu>
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
