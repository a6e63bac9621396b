import { data } from "@remix-run/node";
import { z } from "zod";
import { can } from "~/lib/permissions";
import { redirectWithToast } from "../http/flash";
import { firstIssue, stringFields } from "../http/forms";
import { requireMember } from "../workspaces";
import { usageOf, planOf } from "../workspaces/limits";
import { db } from "../db";
import { UserError } from "../errors";
import { createProject, listProjects, setProjectArchived, type ProjectSort } from "./projects";

const createSchema = z.object({
  intent: z.literal("create-project"),
  name: z.string().trim().min(1, { message: "Give the project a name." }).max(200, { message: "Keep the name under 200 characters." }),
  description: z.string().trim().max(5_000, { message: "Keep the description under 5,000 characters." }).optional(),
});
const restoreSchema = z.object({ intent: z.literal("restore-project"), projectId: z.string().uuid() });

export async function projectsLoader(request: Request) {
  const member = await requireMember(request, "project.view");
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const sortParam = url.searchParams.get("sort");
  const sort: ProjectSort = sortParam === "name" || sortParam === "created" ? sortParam : "updated";
  const archived = url.searchParams.get("view") === "archived";
  const [projects, usage, plan] = await Promise.all([
    listProjects(member.workspace.id, { q, sort, archived }),
    usageOf(db(), member.workspace.id),
    planOf(db(), member.workspace.id),
  ]);
  return {
    projects,
    q,
    sort,
    archived,
    usage: { projects: usage.projects, limit: plan.limits.projects, plan: plan.name },
    canCreate: can(member.role, "project.create"),
    canArchive: can(member.role, "project.archive"),
  };
}

export async function projectsAction(request: Request) {
  const form = await request.formData();
  const intent = form.get("intent");
  const values = stringFields(form);
  if (intent === "restore-project") {
    const member = await requireMember(request, "project.archive");
    const parsed = restoreSchema.safeParse(values);
    if (!parsed.success) return data({ ok: false as const, message: "Reload the page and try again.", values }, { status: 400 });
    try {
      const p = await setProjectArchived(member.workspace.id, parsed.data.projectId, member.user.id, false);
      if (!p) return data({ ok: false as const, message: "That project was not found.", values }, { status: 404 });
      return redirectWithToast(`/projects/${p.id}`, { variant: "success", title: `Project "${p.name}" restored.` }, { status: 303 });
    } catch (error) {
      if (error instanceof UserError) return data({ ok: false as const, message: error.message, values }, { status: error.status });
      throw error;
    }
  }
  const member = await requireMember(request, "project.create");
  const parsed = createSchema.safeParse(values);
  if (!parsed.success) {
    return data({ ok: false as const, ...firstIssue(parsed.error), values }, { status: 400 });
  }
  try {
    const project = await createProject(member.workspace.id, member.user.id, parsed.data);
    return redirectWithToast(
      `/projects/${project.id}`,
      { variant: "success", title: `Project "${project.name}" created.` },
      { status: 303 },
    );
  } catch (error) {
    if (error instanceof UserError) {
      return data(
        { ok: false as const, field: "name", message: error.message, values, upgrade: error.status === 403 },
        { status: error.status },
      );
    }
    throw error;
  }
}
