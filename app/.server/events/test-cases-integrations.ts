// The integration cases (decision 030): a project's Slack channel and a member's Figma
// connection, connected and disconnected by the app's own services. Each writes a row of the
// workspace's history and no live message; none carries a token or a URL.
import { and, eq } from "drizzle-orm";
import { seal } from "../crypto/seal";
import { db, schema } from "../db";
import { disconnectFigma } from "../integrations/figma-oauth";
import { connectSlack, disconnectSlack } from "../integrations/slack-connect";
import { slackHook, w, type Case } from "./test-support";

const { slackIntegrations, figmaConnections } = schema;

/** A channel connected as an earlier visit left it (the receiver need not answer). */
async function slackConnected() {
  const row = { workspaceId: w.workspace.id, webhookUrlEnc: seal(await slackHook()), webhookHint: "hint", connectedBy: w.user.id };
  await db()
    .insert(slackIntegrations)
    .values({ projectId: w.project.id, ...row })
    .onConflictDoUpdate({ target: slackIntegrations.projectId, set: row });
}

export const INTEGRATION_CASES: Case[] = [
  {
    kind: "integration.connected",
    prepare: async () => {
      await db()
        .delete(slackIntegrations)
        .where(and(eq(slackIntegrations.projectId, w.project.id), eq(slackIntegrations.workspaceId, w.workspace.id)));
      return slackHook();
    },
    run: (hook: string) => connectSlack(w.member, w.project.id, hook),
    activity: 1,
    live: 0,
    carries: { subject: { provider: "slack" }, change: { reconnected: false } },
  },
  {
    kind: "integration.disconnected",
    prepare: slackConnected,
    run: () => disconnectSlack(w.member, w.project.id),
    activity: 1,
    live: 0,
    carries: { subject: { provider: "slack" }, change: {} },
  },
  {
    kind: "integration.disconnected",
    prepare: async () => {
      const row = { figmaUserId: "42", figmaHandle: "Ada Figma", accessTokenEnc: seal("figu_token") };
      await db()
        .insert(figmaConnections)
        .values({ workspaceId: w.workspace.id, userId: w.user.id, ...row })
        .onConflictDoUpdate({ target: [figmaConnections.workspaceId, figmaConnections.userId], set: row });
    },
    run: () => disconnectFigma(w.member),
    activity: 1,
    live: 0,
    carries: { projectId: null, subject: { provider: "figma", name: "Ada Figma" } },
  },
];
