import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { templateActionSchema } from "~/lib/forms/wireframes";
import { TEMPLATES } from "~/lib/wireframes/templates";
import { UserError } from "~/.server/errors";
import { redirectWithToast } from "~/.server/http/flash";
import { invalid, parseSubmission, replyUserError } from "~/.server/http/submission";
import { listProjects } from "~/.server/projects/projects";
import { addTemplateScreen, createWireframe, listWireframes } from "~/.server/wireframes";
import { templatePreviews } from "~/.server/wireframes/template-previews";
import { thumbnailTokens } from "~/.server/wireframes/tokens";
import { requireMember } from "~/.server/workspaces";
import { isReadOnly } from "~/.server/workspaces/limits";
import { permits } from "~/.server/access";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  const [projects, wireframes, readOnly, tokens] = await Promise.all([
    listProjects(member, { sort: "name" }),
    listWireframes(member, {}),
    isReadOnly(member.workspace.id),
    thumbnailTokens(member, [null]),
  ]);
  return {
    templates: templatePreviews(),
    projects: projects.map((p) => ({ id: p.id, name: p.name })),
    wireframes: wireframes.map((w) => ({ id: w.id, name: w.name, projectName: w.projectName })),
    /** The workspace's base design system (first theme), for the previews. */
    tokens: tokens.get(null),
    canEdit: permits(member, "wireframe", "change", { readOnly }),
  };
}

/** "Use template": a new wireframe from it, or a new screen of a chosen wireframe; both open the editor. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  const submission = await parseSubmission(request, templateActionSchema);
  if (submission.status !== "success") return invalid(submission);
  const input = submission.value;
  const template = TEMPLATES.find((t) => t.id === input.templateId);
  if (!template) return replyUserError(submission, new UserError(400, "That template does not exist. Reload the page and try again."));
  try {
    if (input.intent === "new-from-template") {
      const { id } = await createWireframe(member, {
        projectId: input.projectId,
        name: input.name,
        device: template.device,
        templateId: template.id,
      });
      return redirectWithToast(
        `/wireframes/editor/${id}`,
        { variant: "success", title: "Wireframe created", description: `From the ${template.name} template.` },
        { status: 303 },
      );
    }
    const { screenId } = await addTemplateScreen(member, input.wireframeId, template.id);
    return redirectWithToast(
      `/wireframes/editor/${input.wireframeId}?screen=${encodeURIComponent(screenId)}#screen-${encodeURIComponent(screenId)}`,
      { variant: "success", title: "Screen added", description: `The ${template.name} template is the wireframe's last screen.` },
      { status: 303 },
    );
  } catch (error) {
    return replyUserError(submission, error);
  }
}
