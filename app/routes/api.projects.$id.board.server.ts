import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isUserError } from "~/.server/errors";
import { readBoardForm } from "~/.server/files/upload-form";
import { readJson } from "~/.server/http/body";
import { runBoardIntent } from "~/.server/projects/board-actions";
import { loadBoard } from "~/.server/projects/board-reads";
import { getProject } from "~/.server/projects/projects";
import { apiMember } from "~/.server/http/api-member";
import { invalidIntent, parseBoardForm, uploadRefusal } from "./_app.projects.$id.server";

/**
 * /api/projects/:id/board, the board as JSON. GET: its columns and cards. POST: one board
 * intent, the same ones (and fields) the page's forms send, as a form or a JSON object;
 * the drag and drop of the page and API clients (a bearer token) use it. Every answer is
 * JSON: `{ ok: true, … }` or `{ ok: false, intent, status, message, field? }`.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await apiMember(request, "project.view");
  if (member instanceof Response) return member;
  const project = params.id ? await getProject(member, params.id) : null;
  if (!project) return Response.json({ error: "Project not found" }, { status: 404 });
  const board = await loadBoard(member, project.id);
  return Response.json({ data: { project: { id: project.id, name: project.name }, columns: board.columns } });
}

export const action = ({ request, params }: ActionFunctionArgs) => boardApiAction(request, params.id);

/** The post's fields: a JSON object's values as text (what a form would send), or the form itself. */
async function fieldsOf(request: Request): Promise<FormData | URLSearchParams | Response> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/json/i.test(type)) return readBoardForm(request);
  const body = await readJson(request);
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return Response.json({ ok: false, message: "Send a JSON object." }, { status: 400 });
  }
  const fields = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) if (v !== null && v !== undefined) fields.set(k, String(v));
  return fields;
}

/** JSON way in (drag and drop, and API clients): same intents, JSON answers. */
export async function boardApiAction(request: Request, projectId: string | undefined) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405 });
  const member = await apiMember(request, "project.view");
  if (member instanceof Response) return member;
  const project = projectId ? await getProject(member, projectId) : null;
  if (!project) return Response.json({ ok: false, message: "Project not found" }, { status: 404 });
  let fields: FormData | URLSearchParams | Response;
  try {
    fields = await fieldsOf(request);
  } catch (error) {
    if (!isUserError(error)) throw error;
    const refusal = uploadRefusal(error);
    return Response.json(refusal, { status: refusal.status });
  }
  if (fields instanceof Response) return fields;
  const submission = parseBoardForm(fields);
  if (submission.status !== "success") return Response.json(invalidIntent(submission), { status: 400 });
  const result = await runBoardIntent(member, project.id, submission.value);
  return Response.json(result, { status: result.ok ? 200 : result.status });
}
