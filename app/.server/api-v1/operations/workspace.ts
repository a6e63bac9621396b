import { requireRead } from "../../access";
import { listCycles } from "../../cycles/cycles";
import { notFound } from "../../errors";
import { getMember, listMembers } from "../../workspaces/members";
import { objectAnswer, wholeListAnswer } from "../http";
import { operation } from "../operation";
import { requireProject } from "../reads";
import { cycleSchema, memberIdParams, memberSchema, pageOf, projectIdParams } from "../schemas";
import { toApiCycle, toApiMember } from "../serialize";

/** What the API reads of the workspace around the boards: its members and a project's cycles (read-only for now). */
export const workspaceOperations = [
  operation({
    id: "listMembers",
    method: "get",
    path: "/members",
    tag: "Members",
    summary: "List the workspace's members",
    description: "By name, all on one page.",
    kind: "team",
    action: "read",
    success: { status: 200, schema: pageOf(memberSchema, "MemberList"), description: "The members.", list: true },
    problems: [],
    handle: async ({ member }) => {
      requireRead(member, "team");
      const members = (await listMembers(member.workspace.id)).map(toApiMember);
      return wholeListAnswer(members);
    },
  }),
  operation({
    id: "getMember",
    method: "get",
    path: "/members/{userId}",
    tag: "Members",
    summary: "Get a member",
    kind: "team",
    action: "read",
    params: memberIdParams,
    success: { status: 200, schema: memberSchema, description: "The member.", etag: true },
    problems: [404],
    handle: async ({ member, params }) => {
      requireRead(member, "team");
      const found = await getMember(member.workspace.id, params.userId);
      if (!found) throw notFound("That member");
      return objectAnswer(toApiMember(found));
    },
  }),
  operation({
    id: "listCycles",
    method: "get",
    path: "/projects/{projectId}/cycles",
    tag: "Cycles",
    summary: "List a project's cycles",
    description: "Newest start first, all on one page, with how many cards each holds and how many are done.",
    kind: "project",
    action: "read",
    params: projectIdParams,
    success: { status: 200, schema: pageOf(cycleSchema, "CycleList"), description: "The cycles.", list: true },
    problems: [404],
    handle: async ({ member, params }) => {
      const project = await requireProject(member, params.projectId);
      const cycles = (await listCycles(member, project.id)).map((c) => toApiCycle(c, project.id));
      return wholeListAnswer(cycles);
    },
  }),
];
