import { closeCycle, createCycle, deleteCycle, listCycles, renameCycle } from "../../cycles/cycles";
import { rescheduleCycle } from "../../cycles/schedule";
import { notFound } from "../../errors";
import type { MemberContext } from "../../workspaces";
import { createCycleBody, cycleIdParams, updateCycleBody } from "../card-schemas";
import { objectAnswer, requireMatch } from "../http";
import { operation } from "../operation";
import { cycleSchema, projectIdParams } from "../schemas";
import { toApiCycle } from "../serialize";

/**
 * Writing a project's cycles through the cycles page's own services (the gate, the events: a
 * closed cycle is the `cycle.closed` webhook). A card joins or leaves a cycle through the
 * card's own update (`cycleId`), as the card panel's cycle select does.
 */
async function requireApiCycle(member: MemberContext, projectId: string, cycleId: string) {
  const found = (await listCycles(member, projectId)).find((c) => c.id === cycleId);
  if (!found) throw notFound("That cycle");
  return toApiCycle(found, projectId);
}

const cycleLocation = (projectId: string, cycleId: string) => `/api/v1/projects/${projectId}/cycles/${cycleId}`;

export const cycleOperations = [
  operation({
    id: "createCycle",
    method: "post",
    path: "/projects/{projectId}/cycles",
    tag: "Cycles",
    summary: "Create a cycle",
    description: "From its first to its last day (at most a year).",
    kind: "card",
    action: "change",
    params: projectIdParams,
    body: createCycleBody,
    success: { status: 201, schema: cycleSchema, description: "The cycle.", etag: true },
    problems: [400, 404],
    handle: async ({ member, params, body }) => {
      const row = await createCycle(member, params.projectId, body);
      const cycle = await requireApiCycle(member, params.projectId, row.id);
      return objectAnswer(cycle, 201, { Location: cycleLocation(params.projectId, cycle.id) });
    },
  }),
  operation({
    id: "getCycle",
    method: "get",
    path: "/projects/{projectId}/cycles/{cycleId}",
    tag: "Cycles",
    summary: "Get a cycle",
    kind: "project",
    action: "read",
    params: cycleIdParams,
    success: { status: 200, schema: cycleSchema, description: "The cycle.", etag: true },
    problems: [404],
    handle: async ({ member, params }) => objectAnswer(await requireApiCycle(member, params.projectId, params.cycleId)),
  }),
  operation({
    id: "updateCycle",
    method: "patch",
    path: "/projects/{projectId}/cycles/{cycleId}",
    tag: "Cycles",
    summary: "Update a cycle",
    description:
      "Its name (closed ones too: their frozen report keeps its numbers) and its first and last days (an open cycle only: a closed one is 409). " +
      "A name and dates sent together are two changes, each with its event.",
    kind: "card",
    action: "change",
    params: cycleIdParams,
    body: updateCycleBody,
    success: { status: 200, schema: cycleSchema, description: "The cycle as it now is.", etag: true },
    problems: [400, 404, 409, 412],
    handle: async ({ member, params, body, ifMatch }) => {
      const before = await requireApiCycle(member, params.projectId, params.cycleId);
      requireMatch(ifMatch, before);
      if (body.name !== undefined) await renameCycle(member, params.projectId, params.cycleId, body.name);
      if (body.startsOn !== undefined || body.endsOn !== undefined) {
        await rescheduleCycle(member, params.projectId, params.cycleId, {
          startsOn: body.startsOn ?? before.startsOn,
          endsOn: body.endsOn ?? before.endsOn,
        });
      }
      return objectAnswer(await requireApiCycle(member, params.projectId, params.cycleId));
    },
  }),
  operation({
    id: "closeCycle",
    method: "post",
    path: "/projects/{projectId}/cycles/{cycleId}/close",
    tag: "Cycles",
    summary: "Close a cycle",
    description: "Freezes its report (what was completed, what carried over); it then takes no cards. A closed cycle is 409.",
    kind: "card",
    action: "change",
    params: cycleIdParams,
    success: { status: 200, schema: cycleSchema, description: "The closed cycle.", etag: true },
    problems: [404],
    handle: async ({ member, params }) => {
      await requireApiCycle(member, params.projectId, params.cycleId);
      await closeCycle(member, params.projectId, params.cycleId);
      return objectAnswer(await requireApiCycle(member, params.projectId, params.cycleId));
    },
  }),
  operation({
    id: "deleteCycle",
    method: "delete",
    path: "/projects/{projectId}/cycles/{cycleId}",
    tag: "Cycles",
    summary: "Delete a cycle",
    description: "Its cards stay on the board and leave it; its history and report go with it.",
    kind: "card",
    action: "change",
    params: cycleIdParams,
    success: { status: 204, description: "Deleted." },
    problems: [404, 412],
    handle: async ({ member, params, ifMatch }) => {
      requireMatch(ifMatch, await requireApiCycle(member, params.projectId, params.cycleId));
      await deleteCycle(member, params.projectId, params.cycleId);
      return { status: 204 };
    },
  }),
];
