import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { can } from "~/lib/permissions";
import { readWireframeFilters, wireframeListActionSchema } from "~/lib/forms/wireframes";
import type { WireframeDocument, WireframeElement } from "~/lib/wireframes/document";
import { compareOrder } from "~/lib/wireframes/order";
import { importWireframeSchema } from "~/lib/forms/wireframe-import";
import { mediaTypeOf } from "~/.server/http/body";
import { redirectWithToast } from "~/.server/http/flash";
import { invalid, parseSubmission, replyUserError } from "~/.server/http/submission";
import { listProjects } from "~/.server/projects/projects";
import { deleteWireframe, duplicateWireframe, getComponents, listWireframes, renameWireframe } from "~/.server/wireframes";
import { importToast, importWireframe, MAX_IMPORT_BYTES } from "~/.server/wireframes/import";
import { thumbnailTokens } from "~/.server/wireframes/tokens";
import { type MemberContext, requireMember } from "~/.server/workspaces";
import { isReadOnly } from "~/.server/workspaces/limits";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe.view");
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
  const member = await requireMember(request, "wireframe.view");
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

/** The first screen of a document and only its elements: what a thumbnail draws. */
export function thumbnailOf(doc: WireframeDocument): { doc: WireframeDocument; screenId: string } | null {
  const first = Object.values(doc.screens).sort(compareOrder)[0];
  if (!first) return null;
  const elements: Record<string, WireframeElement> = {};
  for (const [id, el] of Object.entries(doc.elements)) if (el.screenId === first.id) elements[id] = el;
  return { doc: { schemaVersion: doc.schemaVersion, screens: { [first.id]: first }, elements }, screenId: first.id };
}

/** The main components that instances in these documents draw. */
export function componentIdsOf(docs: WireframeDocument[]): string[] {
  const ids = new Set<string>();
  for (const doc of docs) for (const el of Object.values(doc.elements)) if (el.type === "instance") ids.add(el.componentId);
  return [...ids];
}

/**
 * /wireframes and /projects/{id}/wireframes: the wireframes (of one project when `project`
 * is given) newest first with their thumbnails, the project filter's choices, and what
 * this member may do (nothing but look while the workspace is read-only).
 */
export async function wireframeList(
  member: MemberContext,
  filters: { projectId: string | null; q: string },
  project: { id: string; name: string } | null,
) {
  const projectId = project?.id ?? filters.projectId ?? undefined;
  const [list, projects, readOnly] = await Promise.all([
    listWireframes(member, { projectId, q: filters.q || undefined }),
    project ? Promise.resolve([]) : listProjects(member),
    isReadOnly(member.workspace.id),
  ]);
  const wireframes = list.map((w) => ({
    id: w.id,
    name: w.name,
    projectId: w.projectId,
    projectName: w.projectName,
    updatedAt: w.updatedAt,
    updatedByName: w.updatedByName,
    screenCount: w.screenCount,
    thumbnail: thumbnailOf(w.document),
  }));
  const used = componentIdsOf(wireframes.flatMap((w) => (w.thumbnail ? [w.thumbnail.doc] : [])));
  const projectIds = list.map((w) => w.projectId);
  const [components, tokens] = await Promise.all([getComponents(member, used), thumbnailTokens(member, projectIds)]);
  // The filter offers every active project, and the project a chosen filter names even if archived.
  const choices = projects.map((p) => ({ id: p.id, name: p.name }));
  for (const w of list) if (!choices.some((c) => c.id === w.projectId)) choices.push({ id: w.projectId, name: w.projectName });
  return {
    wireframes,
    components,
    projects: project ? [] : choices.sort((a, b) => a.name.localeCompare(b.name)),
    filters: { projectId: project ? null : filters.projectId, q: filters.q },
    project,
    /** Each project's design tokens (its system's first theme), for the thumbnails. */
    tokens: Object.fromEntries(tokens),
    canEdit: can(member.role, "wireframe.edit") && !readOnly,
    canDelete: can(member.role, "wireframe.delete") && !readOnly,
  };
}

/** Where a list's form came from (its filters kept), without the index route's marker. */
function listAddress(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `${url.pathname}${search ? `?${search}` : ""}`;
}

/**
 * A list's forms (also posted on /projects/{id}/wireframes): rename, duplicate, delete.
 * Success goes back to the list with a toast; a failure is the form's reply (400 for bad
 * input, the service's status for a refusal: 403 for a viewer, 404 for another workspace's).
 */
export async function wireframeListAction(request: Request) {
  const member = await requireMember(request, "wireframe.view");
  const submission = await parseSubmission(request, wireframeListActionSchema);
  if (submission.status !== "success") return invalid(submission);
  const input = submission.value;
  const back = listAddress(request);
  try {
    switch (input.intent) {
      case "rename":
        await renameWireframe(member, input.wireframeId, input.name);
        return redirectWithToast(
          back,
          { variant: "success", title: "Wireframe renamed", description: `It is now “${input.name}”.` },
          { status: 303 },
        );
      case "duplicate": {
        const copy = await duplicateWireframe(member, input.wireframeId);
        return redirectWithToast(
          back,
          {
            variant: "success",
            title: "Wireframe duplicated",
            description: "The copy is first in the list.",
            action: { label: "Open the copy", href: `/wireframes/editor/${copy.id}` },
          },
          { status: 303 },
        );
      }
      case "delete":
        await deleteWireframe(member, input.wireframeId);
        return redirectWithToast(back, { variant: "success", title: "Wireframe deleted" }, { status: 303 });
    }
  } catch (error) {
    return replyUserError(submission, error);
  }
}
