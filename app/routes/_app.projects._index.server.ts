import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { projectsPageSchema } from "~/lib/forms/projects";
import { redirectWithToast } from "~/.server/http/flash";
import { invalid, parseSubmission, replyError, replyUserError } from "~/.server/http/submission";
import { createProject, listProjects, projectAllowance, setProjectArchived, type ProjectSort } from "~/.server/projects/projects";
import { requireMember } from "~/.server/workspaces";
import { allows } from "~/.server/access";

/** /projects: the workspace's projects (active or archived, searched, sorted), a new one, restoring an archived one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "project");
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const sortParam = url.searchParams.get("sort");
  const sort: ProjectSort = sortParam === "name" || sortParam === "created" ? sortParam : "updated";
  const archived = url.searchParams.get("view") === "archived";
  const [projects, usage] = await Promise.all([listProjects(member, { q, sort, archived }), projectAllowance(member)]);
  return {
    projects,
    q,
    sort,
    archived,
    usage,
    canCreate: allows(member.role, "project", "create"),
    canArchive: allows(member.role, "project", "archive"),
  };
}

/** Create or restore; success opens the project with a toast, a refusal answers the form (a plan limit with a way to upgrade). */
export async function action({ request }: ActionFunctionArgs) {
  const submission = await parseSubmission(request, projectsPageSchema);
  // A role that may not do it is refused before anything is said about the form (403).
  const member = await requireMember(request, "project", submission.payload.intent === "restore-project" ? "archive" : "create");
  if (submission.status !== "success") return invalid(submission);
  const { value } = submission;
  try {
    if (value.intent === "restore-project") {
      const project = await setProjectArchived(member, value.projectId, false);
      if (!project) return replyError(submission, 404, "That project was not found.");
      return redirectWithToast(
        `/projects/${project.id}`,
        { variant: "success", title: `Project "${project.name}" restored.` },
        { status: 303 },
      );
    }
    const project = await createProject(member, value);
    return redirectWithToast(
      `/projects/${project.id}`,
      { variant: "success", title: `Project "${project.name}" created.` },
      { status: 303 },
    );
  } catch (error) {
    const reply = replyUserError(submission, error);
    // A plan limit or a read-only workspace (403): the page offers the plans beside the message.
    return reply.init?.status === 403 ? data({ ...reply.data, upgrade: true }, reply.init) : reply;
  }
}
