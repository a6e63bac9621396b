import { wireframeListActionSchema } from "~/lib/forms/wireframes";
import { redirectWithToast } from "~/.server/http/flash";
import { invalid, parseSubmission, replyUserError } from "~/.server/http/submission";
import { listProjects } from "~/.server/projects/projects";
import { type MemberContext, requireMember } from "~/.server/workspaces";
import { isReadOnly } from "~/.server/workspaces/limits";
import { deleteWireframe, duplicateWireframe, getComponents, listWireframes, renameWireframe } from "~/.server/wireframes/index";
import { componentIdsOf, thumbnailOf } from "~/.server/wireframes/thumbnails";
import { thumbnailTokens } from "~/.server/wireframes/tokens";
import { permits } from "~/.server/access";

/**
 * What the two wireframe lists (/wireframes and /projects/{id}/wireframes) share: the
 * list's data and its forms (app/routes/_app.wireframes._index.server.ts,
 * _app.projects.$id_.wireframes.server.ts).
 */

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
    canEdit: permits(member, "wireframe", "change", { readOnly }),
    canDelete: permits(member, "wireframe", "delete", { readOnly }),
  };
}

/** Where a list's form came from (its filters kept), without the index route's marker. */
export function listAddress(request: Request): string {
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
  const member = await requireMember(request, "wireframe");
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
