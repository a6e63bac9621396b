import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addMember, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { ownerWithProject } from "../../../tests/support/project-fixture";
import { SlackReceiver } from "../../../tests/support/slack-receiver";
import { db, schema } from "../db";
import { resetEnvForTests } from "../env";
import { UserError } from "../errors";
import { createCard, moveCard } from "../projects/cards";
import { addComment } from "../projects/comments";
import { LEASE_MS, pruneDeliveries } from "../webhooks/queue";
import { drainWebhooks } from "../webhooks/worker";
import { listSlackProjects, sendSlackTest } from "./slack";
import { connectSlack, disconnectSlack } from "./slack-connect";
import { postSlackDigests } from "./slack-digest";
import { attemptSlackDelivery, claimSlackDue } from "./slack-queue";

const slack = new SlackReceiver();

beforeAll(async () => {
  await slack.start();
  process.env.SLACK_WEBHOOK_HOSTS = slack.origin;
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.SLACK_WEBHOOK_HOSTS;
  resetEnvForTests();
  await slack.close();
});
beforeEach(async () => {
  await resetDb();
  slack.reset();
});

async function refusal(run: Promise<unknown>) {
  const error = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  return error as UserError;
}

async function connected() {
  const world = await ownerWithProject("Website");
  const hook = slack.hookUrl();
  await connectSlack(world.member, world.project.id, hook);
  const col = (name: string) => world.columns.find((c) => c.name === name)!.id;
  return { ...world, hook, col };
}

describe("Slack", () => {
  it("takes only an incoming-webhook URL on an allowed host, checks it with a first post and keeps it sealed", async () => {
    const { member, project } = await ownerWithProject("Website");
    expect((await refusal(connectSlack(member, project.id, "not a url"))).field).toBe("url");
    expect((await refusal(connectSlack(member, project.id, "https://hooks.slack.com/services/T1/B2/abc"))).message).toMatch(
      /not a Slack incoming-webhook URL/,
    );
    expect((await refusal(connectSlack(member, project.id, `${slack.origin}/other/path`))).message).toMatch(/not a Slack/);
    expect((await refusal(connectSlack(member, project.id, slack.hookUrl("revoked")))).message).toMatch(
      /Slack did not accept a message at that URL \(HTTP 404: no_service\)/,
    );

    const hook = slack.hookUrl();
    await connectSlack(member, project.id, hook);
    expect(slack.textsAt(hook)).toEqual([expect.stringMatching(/^Atelier will post \*Website\*'s finished cards/)]);
    const [row] = await db().select().from(schema.slackIntegrations).where(eq(schema.slackIntegrations.projectId, project.id));
    expect(JSON.stringify(row)).not.toContain(new URL(hook).pathname.split("/").pop());
    const [listed] = await listSlackProjects(member);
    expect(listed).toMatchObject({ projectName: "Website", connectedBy: member.user.fullName, lastError: null });
    expect(listed!.hint).toMatch(/^127\.0\.0\.1:\d+\/services\/T0TE…\/…\w{4}$/);
  });

  it("posts a card moved into a completed column, and not one moved elsewhere", async () => {
    const { member, project, hook, col } = await connected();
    const card = await createCard(member, project.id, { columnId: col("To do"), title: "Ship <the> pricing page" });
    await moveCard(member, project.id, { cardId: card.id, toColumnId: col("In progress") });
    await moveCard(member, project.id, { cardId: card.id, toColumnId: col("Done") });
    await drainWebhooks();
    const texts = slack.textsAt(hook).slice(1);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain(`moved <http://localhost:3000/projects/${project.id}?task=${card.id}|#`);
    expect(texts[0]).toContain("Ship &lt;the&gt; pricing page>");
    expect(texts[0]).toContain("to *Done*.");
  });

  it("posts a comment that mentions someone, quoting it, and not one that mentions no one", async () => {
    const { member, project, workspace, hook, col } = await connected();
    const sam = await makeUser({ fullName: "Sam Lee" });
    await addMember(workspace.id, sam.id, "member");
    const card = await createCard(member, project.id, { columnId: col("To do"), title: "Hero copy" });
    await addComment(member, project.id, card.id, "No one named here.");
    await addComment(member, project.id, card.id, "@Sam Lee could you check\nthe second line?");
    await drainWebhooks();
    const texts = slack.textsAt(hook).slice(1);
    expect(texts).toEqual([expect.stringContaining("mentioned Sam Lee on <")]);
    expect(texts[0]).toContain("> @Sam Lee could you check\n> the second line?");
  });

  it("sends a test message, and says what Slack answered when the webhook was removed there", async () => {
    const { member, project, hook } = await connected();
    await sendSlackTest(member, project.id);
    expect(slack.textsAt(hook).at(-1)).toMatch(/^Test message from Atelier for \*Website\*/);

    // The webhook is removed in Slack: the next post fails, and the page says so.
    await db()
      .update(schema.slackIntegrations)
      .set({ webhookUrlEnc: (await import("../crypto/seal")).seal(slack.hookUrl("revoked")) })
      .where(eq(schema.slackIntegrations.projectId, project.id));
    const failed = await refusal(sendSlackTest(member, project.id));
    expect(failed.status).toBe(502);
    expect(failed.message).toBe("Slack did not take the test message: HTTP 404: no_service.");
    expect((await listSlackProjects(member))[0]).toMatchObject({ lastError: "HTTP 404: no_service" });
  });

  it("is connected and disconnected only by those who may change the project", async () => {
    const { project, workspace, hook } = await connected();
    const viewer = await makeUser();
    await addMember(workspace.id, viewer.id, "viewer");
    const asViewer = await memberOf(viewer.id);
    expect((await refusal(connectSlack(asViewer, project.id, slack.hookUrl()))).status).toBe(403);
    expect((await refusal(disconnectSlack(asViewer, project.id))).status).toBe(403);
    const other = await ownerWithProject("Elsewhere");
    expect((await refusal(disconnectSlack(other.member, project.id))).status).toBe(404);
    expect(slack.textsAt(hook)).toHaveLength(1);
  });

  it("posts the weekly digest to each connected project's channel", async () => {
    const { member, project, hook, col } = await connected();
    const card = await createCard(member, project.id, { columnId: col("To do"), title: "Launch" });
    await moveCard(member, project.id, { cardId: card.id, toColumnId: col("Done") });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await postSlackDigests(tomorrow)).toBe(1);
    await drainWebhooks();
    const digest = slack.textsAt(hook).at(-1)!;
    expect(digest).toMatch(/^:calendar: \*Weekly digest\* for /);
    expect(digest).toContain("Last week 1 card was completed");
    expect(digest).toContain(`*Completed in Website*\n• <http://localhost:3000/projects/${project.id}?task=${card.id}|#1 Launch>`);

    await disconnectSlack(member, project.id);
    expect(await postSlackDigests(tomorrow)).toBe(0);
  });

  it("queues a post with its change and retries it when Slack is down: the message arrives once, after a restart too", async () => {
    const { member, project, hook, col } = await connected();
    const card = await createCard(member, project.id, { columnId: col("To do"), title: "Outage" });
    slack.failNext(1);
    await moveCard(member, project.id, { cardId: card.id, toColumnId: col("Done") });
    await drainWebhooks();
    expect(slack.textsAt(hook)).toHaveLength(1); // only the connection's first post
    let [row] = await db().select().from(schema.slackDeliveries);
    expect(row).toMatchObject({ kind: "card_done", status: "pending", attempts: 1, lastStatus: 500 });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect((await listSlackProjects(member))[0]).toMatchObject({ lastError: "HTTP 500: internal_error" });

    // A runner that dies with the post claimed: the next one takes it once the lease has run out.
    const due = new Date(row!.nextAttemptAt.getTime() + 1);
    expect(await claimSlackDue("dead-runner", due)).toEqual([row!.id]);
    expect(await claimSlackDue("new-runner", due)).toEqual([]);
    const later = new Date(due.getTime() + LEASE_MS + 1);
    expect(await claimSlackDue("new-runner", later)).toEqual([row!.id]);
    expect(await attemptSlackDelivery("new-runner", row!.id, () => later)).toBe(true);
    expect(await attemptSlackDelivery("dead-runner", row!.id, () => later)).toBe(false);
    await drainWebhooks();
    expect(slack.textsAt(hook).slice(1)).toEqual([expect.stringContaining("to *Done*.")]);
    [row] = await db().select().from(schema.slackDeliveries);
    expect(row).toMatchObject({ status: "delivered", attempts: 2, lastError: null });
    expect((await listSlackProjects(member))[0]).toMatchObject({ lastError: null });
  });

  it("gives up at once on an answer no retry changes (the webhook removed in Slack), and drops what was pending on disconnect", async () => {
    const { member, project, col } = await connected();
    await db()
      .update(schema.slackIntegrations)
      .set({ webhookUrlEnc: (await import("../crypto/seal")).seal(slack.hookUrl("revoked")) })
      .where(eq(schema.slackIntegrations.projectId, project.id));
    const card = await createCard(member, project.id, { columnId: col("To do"), title: "Gone" });
    await moveCard(member, project.id, { cardId: card.id, toColumnId: col("Done") });
    await drainWebhooks();
    const [row] = await db().select().from(schema.slackDeliveries);
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastStatus: 404, lastError: "HTTP 404: no_service" });
    // Finished posts go with the webhook log, after 30 days.
    expect(await pruneDeliveries(db(), new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await pruneDeliveries(db(), new Date(Date.now() + 31 * 86_400_000))).toBe(1);

    slack.failNext(1);
    await moveCard(member, project.id, { cardId: card.id, toColumnId: col("To do") });
    await moveCard(member, project.id, { cardId: card.id, toColumnId: col("Done") });
    expect(await db().select().from(schema.slackDeliveries).where(eq(schema.slackDeliveries.status, "pending"))).toHaveLength(1);
    await disconnectSlack(member, project.id);
    expect(await db().select().from(schema.slackDeliveries)).toEqual([]);
  });
});
