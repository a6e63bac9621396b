import { z } from "zod";
import { isUuid } from "~/lib/ids";
import { requireRead } from "../../access";
import type { ApiKeyMember } from "../../api-keys/authenticate";
import { listCycles } from "../../cycles/cycles";
import { forbidden, notFound } from "../../errors";
import { getMember, listMembers } from "../../workspaces/members";
import { decodeCursor, objectAnswer, pageAnswer, wholeListAnswer } from "../http";
import { operation } from "../operation";
import { notificationsPage, requireProject } from "../reads";
import { cycleSchema, memberIdParams, memberSchema, notificationListQuery, notificationSchema, pageOf, projectIdParams } from "../schemas";
import { toApiCycle, toApiMember, toApiNotification } from "../serialize";

const notificationCursor = z.tuple([z.string().regex(/^\d{1,20}$/), z.string().refine(isUuid)]);

/** What the API reads of the workspace around the boards: its members, a project's cycles, and the caller's own notifications (read-only for now). */
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
  operation({
    id: "listNotifications",
    method: "get",
    path: "/notifications",
    tag: "Notifications",
    summary: "List your notifications",
    description:
      "The notifications of the key's owner in this workspace, newest first. A personal key only: a workspace key belongs to no one person (403).",
    kind: "workspace",
    action: "read",
    query: notificationListQuery,
    success: { status: 200, schema: pageOf(notificationSchema, "NotificationList"), description: "A page of notifications.", list: true },
    problems: [400],
    handle: async ({ member, url, query }) => {
      if ((member as Partial<ApiKeyMember>).apiKey?.type === "workspace") {
        throw forbidden("Notifications belong to a person: read them with a personal key.");
      }
      const after = decodeCursor(query.cursor, notificationCursor);
      const rows = await notificationsPage(member, { unread: query.unread === "true", after, limit: query.limit });
      return pageAnswer(
        url,
        rows,
        query.limit,
        (r) => toApiNotification(r.notification),
        (r) => [r.at, r.notification.id],
      );
    },
  }),
];
