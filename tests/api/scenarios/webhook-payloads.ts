import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/.server/db";
import { createWebhookEndpoint } from "~/.server/webhooks";
import { acceptOpenInvitationsFor, inviteMember } from "~/.server/workspaces/invitations";
import { WEBHOOK_TYPES } from "~/lib/webhooks";
import { makeUser } from "../../support/factories";
import { projectWithBoard, world, type World } from "../world";

/** The `object` of the one delivery queued for a webhook type in the workspace. */
async function deliveredObject(w: World, type: string) {
  const rows = await db()
    .select({ payload: schema.webhookDeliveries.payload })
    .from(schema.webhookDeliveries)
    .where(and(eq(schema.webhookDeliveries.workspaceId, w.workspace.id), eq(schema.webhookDeliveries.type, type)));
  expect(rows, type).toHaveLength(1);
  return (rows[0]!.payload as { data: { object: unknown } }).data.object;
}

export function webhookPayloadScenarios() {
  describe("webhook payloads", () => {
    it("a comment, a closed cycle and a member who joined are sent as the API returns them", async () => {
      const w = await world();
      await createWebhookEndpoint(w.member, {
        url: "https://hooks.example.com/in",
        description: "",
        kinds: WEBHOOK_TYPES.map((t) => t.type),
      });
      const { project, columns } = await projectWithBoard(w);
      const { data: card } = await w.api.POST("/projects/{projectId}/cards", {
        params: { path: { projectId: project.id } },
        body: { columnId: columns[0]!.id, title: "Draft" },
      });
      const path = { projectId: project.id, cardId: card!.id };
      const comment = await w.api.POST("/projects/{projectId}/cards/{cardId}/comments", {
        params: { path },
        body: { body: `Ready, @${w.colleague.fullName}?` },
      });
      expect(await deliveredObject(w, "comment.created")).toEqual(comment.data);

      const { data: cycle } = await w.api.POST("/projects/{projectId}/cycles", {
        params: { path: { projectId: project.id } },
        body: { name: "Sprint 1", startsOn: "2030-01-01", endsOn: "2030-01-14" },
      });
      await w.api.PATCH("/projects/{projectId}/cards/{cardId}", { params: { path }, body: { cycleId: cycle!.id } });
      const closed = await w.api.POST("/projects/{projectId}/cycles/{cycleId}/close", {
        params: { path: { projectId: project.id, cycleId: cycle!.id } },
      });
      expect(await deliveredObject(w, "cycle.closed")).toEqual(closed.data);

      const joiner = await makeUser({ fullName: "Jo Joiner" });
      await inviteMember(w.member, joiner.email, "viewer");
      await acceptOpenInvitationsFor(joiner.id, joiner.email);
      const member = await w.api.GET("/members/{userId}", { params: { path: { userId: joiner.id } } });
      expect(await deliveredObject(w, "member.joined")).toEqual(member.data);
    });
  });
}
