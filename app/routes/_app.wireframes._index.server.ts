import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readWireframeFilters } from "~/lib/forms/wireframes";
import { importWireframeSchema } from "~/lib/forms/wireframe-import";
import { mediaTypeOf } from "~/.server/http/body";
import { redirectWithToast } from "~/.server/http/flash";
import { invalid, parseSubmission, replyUserError } from "~/.server/http/submission";
import { importToast, importWireframe, MAX_IMPORT_BYTES } from "~/.server/wireframes/import";
import { listAddress, wireframeList, wireframeListAction } from "~/.server/routes/wireframe-list";
import { requireMember } from "~/.server/workspaces";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  return wireframeList(member, readWireframeFilters(new URL(request.url).searchParams), null);
}

/** The list's forms; a multipart post is the import form (a file). */
export const action = ({ request }: ActionFunctionArgs) =>
  mediaTypeOf(request.headers.get("Content-Type")) === "multipart/form-data" ? importAction(request) : wireframeListAction(request);

/**
 * The import form: our JSON export or an Excalidraw scene becomes a new wireframe; the list
 * then says what was imported and what could not be mapped. A bad file: 400 with what is
 * wrong and where (the form shows it), and nothing is created.
 */
async function importAction(request: Request) {
  const member = await requireMember(request, "wireframe");
  const submission = await parseSubmission(request, importWireframeSchema, { multipart: true, maxBytes: MAX_IMPORT_BYTES + 64 * 1024 });
  if (submission.status !== "success") return invalid(submission, { hideFields: ["file"] });
  const { file, projectId, name } = submission.value;
  try {
    const result = await importWireframe(member, { projectId, name, fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    return redirectWithToast(listAddress(request), importToast(result), { status: 303 });
  } catch (error) {
    return replyUserError(submission, error, { hideFields: ["file"] });
  }
}
