import { addColumn, deleteColumn, shiftColumn, updateColumn } from "../../projects/columns";
import { objectAnswer, requireMatch, wholeListAnswer } from "../http";
import { operation } from "../operation";
import { columnsOf, requireColumnOf, requireProject } from "../reads";
import {
  columnIdParams,
  columnSchema,
  createColumnBody,
  deleteColumnQuery,
  moveColumnBody,
  pageOf,
  projectIdParams,
  updateColumnBody,
} from "../schemas";

const columnLocation = (projectId: string, columnId: string) => `/api/v1/projects/${projectId}/columns/${columnId}`;

export const columnOperations = [
  operation({
    id: "listColumns",
    method: "get",
    path: "/projects/{projectId}/columns",
    tag: "Columns",
    summary: "List a board's columns",
    description: "Left to right, all on one page (a board has few columns).",
    kind: "project",
    action: "read",
    params: projectIdParams,
    success: { status: 200, schema: pageOf(columnSchema, "ColumnList"), description: "The columns.", list: true },
    problems: [404],
    handle: async ({ member, params }) => {
      await requireProject(member, params.projectId);
      const columns = await columnsOf(member, params.projectId);
      return wholeListAnswer(columns);
    },
  }),
  operation({
    id: "createColumn",
    method: "post",
    path: "/projects/{projectId}/columns",
    tag: "Columns",
    summary: "Add a column",
    description: "At the right end of the board.",
    kind: "project",
    action: "manage_columns",
    params: projectIdParams,
    body: createColumnBody,
    success: { status: 201, schema: columnSchema, description: "The column.", etag: true },
    problems: [400, 404],
    handle: async ({ member, params, body }) => {
      await requireProject(member, params.projectId);
      const created = await addColumn(member, params.projectId, body.name, body.stateGroup);
      const column = await requireColumnOf(member, params.projectId, created.id);
      return objectAnswer(column, 201, { Location: columnLocation(params.projectId, column.id) });
    },
  }),
  operation({
    id: "updateColumn",
    method: "patch",
    path: "/projects/{projectId}/columns/{columnId}",
    tag: "Columns",
    summary: "Update a column",
    description: "Its name, its WIP limit (null for none) or what its cards count as.",
    kind: "project",
    action: "manage_columns",
    params: columnIdParams,
    body: updateColumnBody,
    success: { status: 200, schema: columnSchema, description: "The column as it now is.", etag: true },
    problems: [400, 404, 412],
    handle: async ({ member, params, body, ifMatch }) => {
      await requireProject(member, params.projectId);
      requireMatch(ifMatch, await requireColumnOf(member, params.projectId, params.columnId));
      await updateColumn(member, params.projectId, params.columnId, body);
      return objectAnswer(await requireColumnOf(member, params.projectId, params.columnId));
    },
  }),
  operation({
    id: "moveColumn",
    method: "post",
    path: "/projects/{projectId}/columns/{columnId}/move",
    tag: "Columns",
    summary: "Move a column",
    description: "One place to the left or right (at the board's end it stays).",
    kind: "project",
    action: "manage_columns",
    params: columnIdParams,
    body: moveColumnBody,
    success: { status: 200, schema: columnSchema, description: "The column in its new place.", etag: true },
    problems: [400, 404],
    handle: async ({ member, params, body }) => {
      await requireProject(member, params.projectId);
      await requireColumnOf(member, params.projectId, params.columnId);
      await shiftColumn(member, params.projectId, params.columnId, body.direction === "left" ? -1 : 1);
      return objectAnswer(await requireColumnOf(member, params.projectId, params.columnId));
    },
  }),
  operation({
    id: "deleteColumn",
    method: "delete",
    path: "/projects/{projectId}/columns/{columnId}",
    tag: "Columns",
    summary: "Delete a column",
    description: "Its cards go first to the end of `moveCardsTo`; a board keeps at least one column.",
    kind: "project",
    action: "manage_columns",
    params: columnIdParams,
    query: deleteColumnQuery,
    success: { status: 204, description: "Deleted." },
    problems: [400, 404, 412],
    handle: async ({ member, params, query, ifMatch }) => {
      await requireProject(member, params.projectId);
      requireMatch(ifMatch, await requireColumnOf(member, params.projectId, params.columnId));
      await deleteColumn(member, params.projectId, params.columnId, query.moveCardsTo ?? null);
      return { status: 204 };
    },
  }),
];
