import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isUuid } from "~/lib/ids";
import { newWireframeInput, newWireframeSchema } from "~/lib/forms/wireframes";
import { redirectWithToast } from "~/.server/http/flash";
import { invalid, parseSubmission, replyUserError } from "~/.server/http/submission";
import { listProjects } from "~/.server/projects/projects";
import { createWireframe } from "~/.server/wireframes";
import { requireMember } from "~/.server/workspaces";
import { isReadOnly } from "~/.server/workspaces/limits";
import { templatePreviews } from "~/.server/wireframes/template-previews";
import { permits } from "~/.server/access";

/** The form's choices: the workspace's active projects and the templates, with `?project=` and `?template=` picked. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  const url = new URL(request.url);
  const [projects, readOnly] = await Promise.all([listProjects(member, { sort: "name" }), isReadOnly(member.workspace.id)]);
  const templates = templatePreviews();
  const project = url.searchParams.get("project")?.toLowerCase();
  const template = url.searchParams.get("template");
  return {
    projects: projects.map((p) => ({ id: p.id, name: p.name })),
    templates: templates.map((t) => ({ id: t.id, name: t.name, description: t.description, preview: t.preview })),
    defaults: {
      projectId: isUuid(project) && projects.some((p) => p.id === project) ? project : null,
      templateId: templates.some((t) => t.id === template) ? template : null,
    },
    canEdit: permits(member, "wireframe", "change", { readOnly }),
  };
}

/** Creates the wireframe and opens it in the editor; a failure is the form's reply (400, 403, 404). */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  const submission = await parseSubmission(request, newWireframeSchema);
  if (submission.status !== "success") return invalid(submission);
  try {
    const { id } = await createWireframe(member, newWireframeInput(submission.value));
    return redirectWithToast(`/wireframes/editor/${id}`, { variant: "success", title: "Wireframe created" }, { status: 303 });
  } catch (error) {
    return replyUserError(submission, error);
  }
}
