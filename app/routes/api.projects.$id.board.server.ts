import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { readBoardForm } from "~/.server/files/upload-form";
import { readJson } from "~/.server/http/body";
import { answerJson, methodNotAllowed, problem, problemFromUserError, validationProblem } from "~/.server/http/problem";
import { runBoardIntent } from "~/.server/projects/board-actions";
import { fieldErrorsOf, invalidIntent, parseBoardForm, uploadRefusal } from "~/.server/projects/board-form";
import { loadBoard } from "~/.server/projects/board-reads";
import { getProject } from "~/.server/projects/projects";
import { isUserError } from "~/.server/errors";
import { apiMember } from "~/.server/http/api-member";

/**
 * /api/projects/:id/board, the board as JSON. GET: its columns and cards. POST: one board
 * intent, the same ones (and fields) the page's forms send, as a form or a JSON object;
 * the board's drag and drop and card panel (through the page's `clientAction`,
 * app/components/board/board-writes.ts) and API clients (a bearer token) use it.
 * Success is `{ ok: true, intent, … }`; every refusal is problem details
 * (app/.server/http/problem.ts) with the reason's `code` and the intent as an extension.
 */

const ALLOW = ["GET", "POST"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return answerJson(async () => {
    const member = await apiMember(request, "project");
    if (member instanceof Response) return member;
    const project = params.id ? await getProject(member, params.id) : null;
    if (!project) return projectNotFound();
    const board = await loadBoard(member, project.id);
    return Response.json({ data: { project: { id: project.id, name: project.name }, columns: board.columns } });
  });
}

export const action = ({ request, params }: ActionFunctionArgs) => boardApiAction(request, params.id);

const projectNotFound = () => problem({ status: 404, detail: "This project does not exist, or it belongs to another workspace." });

/**
 * A JSON body: one object of the intent's fields, each a string, a number, a boolean or null
 * (what a form would send; null and absent leave a field out).
 */
const jsonFieldsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]), {
  message: "Send a JSON object of the intent's fields (strings, numbers, booleans or null).",
});

/** The post's fields: a JSON object's values as text (what a form would send), or the form itself. */
async function fieldsOf(request: Request): Promise<FormData | URLSearchParams | Response> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/json/i.test(type)) return readBoardForm(request);
  const parsed = jsonFieldsSchema.safeParse(await readJson(request));
  if (!parsed.success) return validationProblem(parsed.error);
  const fields = new URLSearchParams();
  for (const [k, v] of Object.entries(parsed.data)) if (v !== null) fields.set(k, String(v));
  return fields;
}

/** JSON way in (drag and drop, the card panel, and API clients): same intents, JSON answers. */
export async function boardApiAction(request: Request, projectId: string | undefined) {
  if (request.method !== "POST") return methodNotAllowed(ALLOW);
  return answerJson(async () => {
    const member = await apiMember(request, "project");
    if (member instanceof Response) return member;
    const project = projectId ? await getProject(member, projectId) : null;
    if (!project) return projectNotFound();
    let fields: FormData | URLSearchParams | Response;
    try {
      fields = await fieldsOf(request);
    } catch (error) {
      if (!isUserError(error)) throw error;
      return problemFromUserError(error, { intent: uploadRefusal(error).intent });
    }
    if (fields instanceof Response) return fields;
    const submission = parseBoardForm(fields);
    if (submission.status !== "success") {
      const refusal = invalidIntent(submission);
      return problem({
        status: 400,
        code: "validation_failed",
        detail: refusal.message,
        errors: fieldErrorsOf(submission),
        extensions: { intent: refusal.intent },
      });
    }
    const result = await runBoardIntent(member, project.id, submission.value);
    if (!result.ok) {
      return problem({
        status: result.status,
        code: result.code,
        detail: result.message,
        errors: result.field ? [{ field: result.field, message: result.message }] : undefined,
        extensions: { intent: result.intent },
      });
    }
    return Response.json(result);
  });
}
