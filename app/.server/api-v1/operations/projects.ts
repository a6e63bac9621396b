import { z } from "zod";
import { isUuid } from "~/lib/ids";
import { notFound } from "../../errors";
import { createProject, deleteProject, setProjectArchived, updateProject } from "../../projects/projects";
import { decodeCursor, objectAnswer, pageAnswer, requireMatch } from "../http";
import { operation } from "../operation";
import { projectsPage, requireProject } from "../reads";
import { createProjectBody, pageOf, projectIdParams, projectListQuery, projectSchema, updateProjectBody } from "../schemas";
import { toApiProject } from "../serialize";

const cursorShape = z.tuple([z.string().regex(/^\d{1,20}$/), z.string().refine(isUuid)]);

export const projectOperations = [
  operation({
    id: "listProjects",
    method: "get",
    path: "/projects",
    tag: "Projects",
    summary: "List projects",
    description: "The workspace's active projects (or archived ones), oldest first.",
    kind: "project",
    action: "read",
    query: projectListQuery,
    success: { status: 200, schema: pageOf(projectSchema, "ProjectList"), description: "A page of projects.", list: true },
    problems: [400],
    handle: async ({ member, url, query }) => {
      const after = decodeCursor(query.cursor, cursorShape);
      const rows = await projectsPage(member, { archived: query.archived === "true", after, limit: query.limit });
      return pageAnswer(
        url,
        rows,
        query.limit,
        (r) => toApiProject(r.project),
        (r) => [r.at, r.project.id],
      );
    },
  }),
  operation({
    id: "createProject",
    method: "post",
    path: "/projects",
    tag: "Projects",
    summary: "Create a project",
    description: "A new project with the five default columns, if the plan has room for one more active project.",
    kind: "project",
    action: "create",
    body: createProjectBody,
    success: { status: 201, schema: projectSchema, description: "The project.", etag: true },
    problems: [400],
    handle: async ({ member, body }) => {
      const project = toApiProject(await createProject(member, body));
      return objectAnswer(project, 201, { Location: `/api/v1/projects/${project.id}` });
    },
  }),
  operation({
    id: "getProject",
    method: "get",
    path: "/projects/{projectId}",
    tag: "Projects",
    summary: "Get a project",
    kind: "project",
    action: "read",
    params: projectIdParams,
    success: { status: 200, schema: projectSchema, description: "The project.", etag: true },
    problems: [404],
    handle: async ({ member, params }) => objectAnswer(toApiProject(await requireProject(member, params.projectId))),
  }),
  operation({
    id: "updateProject",
    method: "patch",
    path: "/projects/{projectId}",
    tag: "Projects",
    summary: "Update a project",
    description: "Renames it, changes its description, archives or restores it. Only the fields sent change.",
    kind: "project",
    action: "change",
    params: projectIdParams,
    body: updateProjectBody,
    success: { status: 200, schema: projectSchema, description: "The project as it now is.", etag: true },
    problems: [400, 404, 412],
    handle: async ({ member, params, body, ifMatch }) => {
      const before = await requireProject(member, params.projectId);
      requireMatch(ifMatch, toApiProject(before));
      if (body.name !== undefined || body.description !== undefined) {
        const updated = await updateProject(member, before.id, { name: body.name, description: body.description });
        if (!updated) throw notFound("That project");
      }
      if (body.archived !== undefined && body.archived !== (before.archivedAt !== null)) {
        await setProjectArchived(member, before.id, body.archived);
      }
      return objectAnswer(toApiProject(await requireProject(member, before.id)));
    },
  }),
  operation({
    id: "deleteProject",
    method: "delete",
    path: "/projects/{projectId}",
    tag: "Projects",
    summary: "Delete a project",
    description: "Deletes the project with its cards, comments and files. Admins and owners only.",
    kind: "project",
    action: "delete",
    params: projectIdParams,
    success: { status: 204, description: "Deleted." },
    problems: [404, 412],
    handle: async ({ member, params, ifMatch }) => {
      const project = await requireProject(member, params.projectId);
      requireMatch(ifMatch, toApiProject(project));
      if (!(await deleteProject(member, project.id))) throw notFound("That project");
      return { status: 204 };
    },
  }),
];
