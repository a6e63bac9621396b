import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { isPriority } from "~/lib/board";
import type { BoardFailure, BoardIntentName } from "~/lib/forms/board";
import { isUuid } from "~/lib/ids";
import { boardPlanning } from "~/.server/cycles/planning";
import { isUserError } from "~/.server/errors";
import { listAttachments } from "~/.server/files/attachments";
import { readBoardForm } from "~/.server/files/upload-form";
import { redirectWithToast } from "~/.server/http/flash";
import { insightsFor } from "~/.server/insights";
import { listActivity } from "~/.server/projects/activity";
import { keptForProject } from "~/.server/projects/board-cache";
import { runBoardIntent, type BoardActionResult } from "~/.server/projects/board-actions";
import { invalidIntent, parseBoardForm, uploadRefusal, type BoardRefusal, type BoardSubmission } from "~/.server/projects/board-form";
import { cardDetail, loadBoard, projectLabels, workspaceMembers, type BoardFilters } from "~/.server/projects/board-reads";
import { getProject } from "~/.server/projects/projects";
import { boardScreenLinks } from "~/.server/wireframes";
import { requireMember } from "~/.server/workspaces";
import { allows } from "~/.server/access";

/**
 * /projects/:id, the board page's server side. The loader reads the board (filters from
 * the URL); the action takes every form of the page (JavaScript on or off): one board
 * intent per post, parsed by the one schema (`parseBoardForm`, shared with the JSON API in
 * app/.server/projects/board-form.ts) and run by `runBoardIntent`. Success redirects back
 * (post/redirect/get); a refusal re-renders with a `BoardFailure`.
 */

export const loader = ({ request, params }: LoaderFunctionArgs) => boardLoader(request, params.id);
export const action = ({ request, params }: ActionFunctionArgs) => boardAction(request, params.id);

const FILTER_PARAMS = ["q", "assignee", "label", "priority", "due"] as const;

export function filtersFrom(url: URL, userId: string) {
  const values = {
    q: url.searchParams.get("q")?.slice(0, 200) ?? "",
    assignee: url.searchParams.get("assignee") ?? "",
    label: url.searchParams.get("label") ?? "",
    priority: url.searchParams.get("priority") ?? "",
    due: url.searchParams.get("due") ?? "",
  };
  const filters: BoardFilters = {
    q: values.q || null,
    assignee: values.assignee === "me" ? userId : values.assignee || null,
    label: values.label || null,
    priority: isPriority(values.priority) ? values.priority : null,
    due: values.due === "overdue" || values.due === "week" ? values.due : null,
  };
  return { values, filters };
}

/**
 * The board's URL without the filters left empty (`?q=&label=`, as a GET form sends
 * them without JavaScript), or null when it is already clean.
 */
export function withoutEmptyFilters(url: URL): string | null {
  const params = new URLSearchParams(url.search);
  let changed = false;
  for (const name of FILTER_PARAMS) {
    if (params.has(name) && params.getAll(name).every((v) => v.trim() === "")) {
      params.delete(name);
      changed = true;
    }
  }
  if (!changed) return null;
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

async function requireProject(request: Request, projectId: string | undefined) {
  const member = await requireMember(request, "project");
  const project = projectId ? await getProject(member, projectId) : null;
  if (!project) throw data({ message: "This project does not exist, or it belongs to another workspace." }, { status: 404 });
  return { member, project };
}

/** The board page: critical data only (the board is the page). */
export async function boardLoader(request: Request, projectId: string | undefined) {
  const { member, project } = await requireProject(request, projectId);
  const url = new URL(request.url);
  const clean = withoutEmptyFilters(url);
  if (clean) throw redirect(clean);
  const { values, filters } = filtersFrom(url, member.user.id);
  const taskId = url.searchParams.get("task");
  // The board shows how many insights the project has (a link to them on /analytics).
  const insights = insightsFor(member, { projectId: project.id });
  const [board, labels, members, activity, card, cardActivity, attachments, screenLinks, planning] = await Promise.all([
    loadBoard(member, project.id, filters, { expand: url.searchParams.getAll("expand") }),
    projectLabels(member, project.id),
    keptForProject(member.workspace.id, project.id, "members", () => workspaceMembers(member)),
    keptForProject(member.workspace.id, project.id, "activity", () =>
      listActivity(member.workspace.id, { projectId: project.id, limit: 15 }),
    ),
    taskId ? cardDetail(member, project.id, taskId) : Promise.resolve(null),
    taskId ? listActivity(member.workspace.id, { projectId: project.id, cardId: taskId, limit: 50 }) : Promise.resolve([]),
    isUuid(taskId) ? listAttachments(member, project.id, taskId) : Promise.resolve([]),
    boardScreenLinks(member, project.id, taskId, { withChoices: allows(member.role, "card", "change") }),
    boardPlanning(member, project.id, taskId),
  ]);
  if (taskId && !card) {
    throw data({ message: "This card does not exist, or it was deleted." }, { status: 404 });
  }
  return {
    project: { id: project.id, name: project.name, description: project.description, archivedAt: project.archivedAt },
    columns: board.columns,
    labels,
    members,
    activity,
    card: card ? { ...card, attachments } : null,
    cardActivity,
    screenLinks,
    planning,
    filters: values,
    insightCount: (await insights).insights.length,
    me: member.user.id,
    role: member.role,
    permissions: {
      edit: allows(member.role, "card", "change"),
      manageColumns: allows(member.role, "project", "manage_columns"),
      updateProject: allows(member.role, "project", "change"),
      archive: allows(member.role, "project", "archive"),
      deleteProject: allows(member.role, "project", "delete"),
    },
  };
}

/**
 * Intents whose result the user sees where they are looking (the new card in its column,
 * the comment or checklist item in the open panel, the label on the card): the page's
 * form post answers them without a toast. API clients still get the message.
 */
const SEEN_IN_PLACE: ReadonlySet<BoardIntentName> = new Set([
  "create-card",
  "create-label",
  "add-comment",
  "edit-comment",
  "watch-card",
  "add-checklist-item",
  "toggle-checklist-item",
  "remove-checklist-item",
  "set-assignee",
  "set-label",
  "link-screen",
  "unlink-screen",
  "set-estimate",
  "add-dependency",
  "remove-dependency",
  "set-card-cycle",
]);

/** The refusal the page renders: which form, why, and conform's reply with every field's messages and what was typed. */
function refuse(submission: BoardSubmission | null, failure: BoardRefusal) {
  const fieldErrors = failure.field ? { [failure.field]: [failure.message] } : undefined;
  const reply = submission
    ? submission.status === "error"
      ? submission.reply()
      : submission.reply(fieldErrors ? { fieldErrors } : { formErrors: [failure.message] })
    : { status: "error" as const, error: fieldErrors ?? { "": [failure.message] } };
  return data<BoardFailure>({ ...failure, reply }, { status: failure.status });
}

/**
 * Plain form posts (JavaScript on or off): success redirects back to the same URL
 * (post/redirect/get), with a toast only when the change is not already in view
 * (`SEEN_IN_PLACE`); failure re-renders with the message and a 4xx, keeping what the
 * user typed (the reply's values).
 */
export async function boardAction(request: Request, projectId: string | undefined) {
  const { member, project } = await requireProject(request, projectId);
  let form: FormData;
  try {
    form = await readBoardForm(request);
  } catch (error) {
    if (isUserError(error)) return refuse(null, uploadRefusal(error));
    throw error;
  }
  const submission = parseBoardForm(form);
  if (submission.status !== "success") return refuse(submission, invalidIntent(submission));
  const result = await runBoardIntent(member, project.id, submission.value);
  if (!result.ok) return refuse(submission, result);
  return answerSuccess(request, submission.value.intent, result);
}

function answerSuccess(request: Request, intent: BoardIntentName, result: Extract<BoardActionResult, { ok: true }>) {
  const url = new URL(request.url);
  if (intent === "delete-card") url.searchParams.delete("task");
  const back = result.redirectTo ?? `${url.pathname}${url.search}`;
  const message = SEEN_IN_PLACE.has(intent) ? undefined : result.message;
  if (message || result.warning) {
    return redirectWithToast(
      back,
      [
        ...(message ? [{ variant: "success" as const, title: message }] : []),
        ...(result.warning ? [{ variant: "warning" as const, title: "WIP limit", description: result.warning }] : []),
      ],
      { status: 303 },
    );
  }
  return redirect(back, { status: 303 });
}
