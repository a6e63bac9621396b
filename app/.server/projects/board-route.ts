import { data, redirect } from "@remix-run/node";
import { can } from "~/lib/permissions";
import { redirectWithToast } from "../http/flash";
import { stringFields } from "../http/forms";
import { requireMember } from "../workspaces";
import { isApiClient, recordApiCall } from "../workspaces/api-usage";
import { listAttachments } from "../files/attachments";
import { readFormBody } from "../files/upload-form";
import { listActivity } from "./activity";
import { cardDetail, loadBoard, projectLabels, workspaceMembers, type BoardFilters } from "./board";
import { parseBoardIntent, runBoardIntent, SEEN_IN_PLACE } from "./board-actions";
import { isUuid } from "~/lib/ids";
import { getProject } from "./projects";
import { PRIORITIES, type Priority } from "../db/schema-product";

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
    priority: (PRIORITIES as readonly string[]).includes(values.priority) ? (values.priority as Priority) : null,
    due: values.due === "overdue" || values.due === "week" ? values.due : null,
  };
  return { values, filters };
}

async function requireProject(request: Request, projectId: string | undefined, action: "project.view" = "project.view") {
  const member = await requireMember(request, action);
  const project = projectId ? await getProject(member.workspace.id, projectId) : null;
  if (!project) throw data({ message: "This project does not exist, or it belongs to another workspace." }, { status: 404 });
  return { member, project };
}

const FILTER_PARAMS = ["q", "assignee", "label", "priority", "due"] as const;

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

/** The board page: critical data only (the board is the page). */
export async function boardLoader(request: Request, projectId: string | undefined) {
  const { member, project } = await requireProject(request, projectId);
  const url = new URL(request.url);
  const clean = withoutEmptyFilters(url);
  if (clean) throw redirect(clean);
  const { values, filters } = filtersFrom(url, member.user.id);
  const taskId = url.searchParams.get("task");
  const [board, labels, members, activity, card, cardActivity, attachments] = await Promise.all([
    loadBoard(member.workspace.id, project.id, filters, { expand: url.searchParams.getAll("expand") }),
    projectLabels(member.workspace.id, project.id),
    workspaceMembers(member.workspace.id),
    listActivity(member.workspace.id, { projectId: project.id, limit: 15 }),
    taskId ? cardDetail(member.workspace.id, project.id, taskId) : Promise.resolve(null),
    taskId ? listActivity(member.workspace.id, { projectId: project.id, cardId: taskId, limit: 50 }) : Promise.resolve([]),
    isUuid(taskId) ? listAttachments(member.workspace.id, project.id, taskId) : Promise.resolve([]),
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
    filters: values,
    me: member.user.id,
    role: member.role,
    permissions: {
      edit: can(member.role, "card.update"),
      manageColumns: can(member.role, "board.manage_columns"),
      updateProject: can(member.role, "project.update"),
      archive: can(member.role, "project.archive"),
      deleteProject: can(member.role, "project.delete"),
    },
  };
}

/**
 * Plain form posts (JavaScript on or off): success redirects back to the same URL
 * (post/redirect/get), with a toast only when the change is not already in view
 * (`SEEN_IN_PLACE`); failure re-renders with the message and a 4xx,
 * keeping what the user typed.
 */
export async function boardAction(request: Request, projectId: string | undefined) {
  const { member, project } = await requireProject(request, projectId);
  const body = await readFormBody(request);
  // Only the attachment form posts multipart, so a body too large to read is its failure.
  if (!body.ok)
    return data(
      { ok: false, intent: "upload-attachment", status: body.status, message: body.message, field: "file" },
      { status: body.status },
    );
  const form = body.form;
  const parsed = parseBoardIntent(form);
  if (!parsed.ok) return data(parsed.result, { status: parsed.result.ok ? 200 : parsed.result.status });
  const result = await runBoardIntent(member, project.id, parsed.value, stringFields(form));
  if (!result.ok) return data(result, { status: result.status });
  const url = new URL(request.url);
  if (parsed.value.intent === "delete-card") url.searchParams.delete("task");
  const back = result.redirectTo ?? `${url.pathname}${url.search}`;
  const message = SEEN_IN_PLACE.has(parsed.value.intent) ? undefined : result.message;
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

/** API clients (bearer token) count against the plan's monthly API calls; a 429 past the limit. */
export async function meterApiClient(request: Request, workspaceId: string): Promise<Response | null> {
  if (!isApiClient(request)) return null;
  const quota = await recordApiCall(workspaceId);
  if (quota.ok) return null;
  return Response.json(
    { ok: false, error: quota.message, message: quota.message },
    { status: 429, headers: { "Retry-After": String(quota.retryAfterSeconds) } },
  );
}

/** JSON way in (drag and drop, and API clients): same intents, JSON answers. */
export async function boardApiAction(request: Request, projectId: string | undefined) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  let member;
  try {
    member = await requireMember(request, "project.view");
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      return Response.json({ ok: false, message: "Authentication required" }, { status: 401 });
    }
    throw thrown;
  }
  const quota = await meterApiClient(request, member.workspace.id);
  if (quota) return quota;
  const project = projectId ? await getProject(member.workspace.id, projectId) : null;
  if (!project) return Response.json({ ok: false, message: "Project not found" }, { status: 404 });
  let form: FormData;
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body || typeof body !== "object") return Response.json({ ok: false, message: "Send a JSON object." }, { status: 400 });
    form = new FormData();
    for (const [k, v] of Object.entries(body)) if (v !== null && v !== undefined) form.set(k, String(v));
  } else {
    const body = await readFormBody(request);
    if (!body.ok)
      return Response.json({ ok: false, intent: "upload-attachment", status: body.status, message: body.message }, { status: body.status });
    form = body.form;
  }
  const parsed = parseBoardIntent(form);
  if (!parsed.ok) return Response.json(parsed.result, { status: 400 });
  const result = await runBoardIntent(member, project.id, parsed.value);
  return Response.json(result, { status: result.ok ? 200 : result.status });
}
