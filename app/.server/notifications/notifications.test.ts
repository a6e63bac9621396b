// Notifications: each trigger reaches the right people (never the actor), the bell's count and
// list, marking read, e-mail right away or in the digest with a one-click unsubscribe, watching.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, makeOwner, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { runJob } from "../jobs/runner";
import { outbox, resetMailForTests } from "../mail";
import { loadBoard } from "../projects/board-reads";
import { setAssignee } from "../projects/assignees";
import { createCard, moveCard, updateCard } from "../projects/cards";
import { addComment, editComment, watchCard } from "../projects/comments";
import { createProject } from "../projects/projects";
import { getMemberContext } from "../workspaces";
import { acceptInvitation, inviteMember } from "../workspaces/invitations";
import { changeRole } from "../workspaces/members";
import {
  bellData,
  listNotifications,
  markAllRead,
  markRead,
  sendDigests,
  setEmailChoice,
  unsubscribeLink,
  verifyUnsubscribe,
} from "./index";
import { dueSoon, trialEnding } from "./jobs";
import { paymentFailed } from "./workspace-events";

async function team() {
  const { user: ownerUser, workspace } = await makeOwner({ fullName: "Olive Owner" });
  const owner = await memberOf(ownerUser.id);
  const sam = await makeUser({ fullName: "Sam Lee", email: "sam@example.test" });
  await addMember(workspace.id, sam.id, "member");
  const kim = await makeUser({ fullName: "Kim Park", email: "kim@example.test" });
  await addMember(workspace.id, kim.id, "member");
  const project = await createProject(owner, { name: "Launch" });
  const columns = (await loadBoard(owner, project.id)).columns;
  const card = await createCard(owner, project.id, { columnId: columns[0]!.id, title: "Pricing page" });
  return { workspace, owner, ownerUser, sam, kim, samM: await memberOf(sam.id), kimM: await memberOf(kim.id), project, card, columns };
}

const titles = async (userId: string, workspaceId: string) => (await listNotifications(userId, workspaceId)).items.map((n) => n.title);

beforeEach(async () => {
  await resetDb();
  resetMailForTests();
});

describe("triggers", () => {
  it("an assignment notifies the assignee (and mails right away), never the one who assigned themself", async () => {
    const t = await team();
    await setAssignee(t.owner, t.project.id, t.card.id, t.sam.id, true);
    await setAssignee(t.owner, t.project.id, t.card.id, t.ownerUser.id, true);
    expect(await titles(t.sam.id, t.workspace.id)).toEqual(["Olive Owner assigned you “Pricing page”"]);
    expect(await titles(t.ownerUser.id, t.workspace.id)).toEqual([]);
    const mail = outbox.find((m) => m.to === "sam@example.test")!;
    expect(mail.subject).toBe("Olive Owner assigned you “Pricing page”");
    expect(mail.text).toContain(`/projects/${t.project.id}?task=${t.card.id}`);
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/notifications\/unsubscribe\?u=/);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("a mention in a comment notifies the person; watchers (assignees, commenters) hear of the comment", async () => {
    const t = await team();
    await setAssignee(t.owner, t.project.id, t.card.id, t.kim.id, true);
    await addComment(t.owner, t.project.id, t.card.id, "Can you check the copy, @Sam Lee?");
    expect(await titles(t.sam.id, t.workspace.id)).toEqual(["Olive Owner mentioned you on “Pricing page”"]);
    expect((await titles(t.kim.id, t.workspace.id))[0]).toBe("Olive Owner commented on “Pricing page”");
    // Sam now watches by commenting; the owner (a commenter) hears of Sam's reply; Sam does not hear of their own.
    await addComment(t.samM, t.project.id, t.card.id, "Done.");
    expect((await titles(t.ownerUser.id, t.workspace.id))[0]).toBe("Sam Lee commented on “Pricing page”");
    expect(await titles(t.sam.id, t.workspace.id)).toHaveLength(1);
    // Unwatching stops it; commenting again does not silently re-watch.
    const before = (await titles(t.kim.id, t.workspace.id)).length;
    expect(before).toBe(3); // assigned, and two comments
    await watchCard(t.kimM, t.project.id, t.card.id, false);
    await addComment(t.samM, t.project.id, t.card.id, "One more thing.");
    expect(await titles(t.kim.id, t.workspace.id)).toHaveLength(before);
  });

  it("an edit that adds a mention notifies only the newly mentioned", async () => {
    const t = await team();
    const { comment } = await addComment(t.owner, t.project.id, t.card.id, "cc @Sam Lee");
    await editComment(t.owner, t.project.id, t.card.id, comment.id, "cc @Sam Lee and @Kim Park");
    expect(await titles(t.sam.id, t.workspace.id)).toHaveLength(1);
    expect(await titles(t.kim.id, t.workspace.id)).toEqual(["Olive Owner mentioned you on “Pricing page”"]);
  });

  it("a mention in the description notifies once", async () => {
    const t = await team();
    const c1 = await updateCard(t.owner, t.project.id, t.card.id, t.card.version, { description: "Ask @Kim Park" });
    await updateCard(t.owner, t.project.id, t.card.id, c1.version, { description: "Ask @Kim Park about it" });
    expect(await titles(t.kim.id, t.workspace.id)).toEqual(["Olive Owner mentioned you in “Pricing page”"]);
  });

  it("a card due today or tomorrow notifies its assignees once, unless it is finished", async () => {
    const t = await team();
    const today = new Date().toISOString().slice(0, 10);
    await setAssignee(t.owner, t.project.id, t.card.id, t.sam.id, true);
    await updateCard(t.owner, t.project.id, t.card.id, t.card.version, { dueDate: today });
    const done = await createCard(t.owner, t.project.id, { columnId: t.columns[0]!.id, title: "Shipped" });
    await setAssignee(t.owner, t.project.id, done.id, t.sam.id, true);
    await updateCard(t.owner, t.project.id, done.id, done.version, { dueDate: today });
    const completed = t.columns.find((c) => c.stateGroup === "completed")!;
    await moveCard(t.owner, t.project.id, { cardId: done.id, toColumnId: completed.id, index: 0 });
    for (let i = 0; i < 2; i++) {
      const result = await db().transaction((tx) => dueSoon(tx as never, today));
      await result.afterCommit();
    }
    const due = (await listNotifications(t.sam.id, t.workspace.id)).items.filter((n) => n.kind === "due_soon");
    expect(due.map((n) => n.title)).toEqual(["“Pricing page” is due today"]);
  });

  it("judges today and tomorrow in the assignee's time zone", async () => {
    const t = await team();
    const today = "2026-03-10";
    const noonUtc = new Date(`${today}T12:00:00Z`);
    // At noon UTC it is already the 11th in Kiritimati (UTC+14): the 12th is tomorrow there, the 10th is past.
    await db().update(schema.users).set({ timeZone: "Pacific/Kiritimati" }).where(eq(schema.users.id, t.sam.id));
    await setAssignee(t.owner, t.project.id, t.card.id, t.sam.id, true);
    await updateCard(t.owner, t.project.id, t.card.id, t.card.version, { dueDate: "2026-03-12" });
    const past = await createCard(t.owner, t.project.id, { columnId: t.columns[0]!.id, title: "Yesterday there" });
    await setAssignee(t.owner, t.project.id, past.id, t.sam.id, true);
    await updateCard(t.owner, t.project.id, past.id, past.version, { dueDate: today });
    const result = await db().transaction((tx) => dueSoon(tx as never, today, noonUtc));
    await result.afterCommit();
    const due = (await listNotifications(t.sam.id, t.workspace.id)).items.filter((n) => n.kind === "due_soon");
    expect(due.map((n) => n.title)).toEqual(["“Pricing page” is due tomorrow"]);
  });

  it("a trial ending within 3 days notifies the owners once", async () => {
    const t = await team();
    const today = new Date().toISOString().slice(0, 10);
    await db()
      .update(schema.workspaces)
      .set({ trialEndsAt: new Date(Date.parse(`${today}T12:00:00Z`) + 2 * 86_400_000) })
      .where(eq(schema.workspaces.id, t.workspace.id));
    await runJob({ name: "notify-trial-ending", every: "day", run: (tx, day) => trialEnding(tx, day) });
    await runJob({ name: "notify-trial-ending", every: "day", run: (tx, day) => trialEnding(tx, day) });
    expect(await titles(t.ownerUser.id, t.workspace.id)).toEqual([`The free trial of ${t.workspace.name} ends in 3 days`]);
    expect(await titles(t.sam.id, t.workspace.id)).toEqual([]);
  });

  it("an accepted invitation notifies the inviter; a role change notifies the member; a failed payment the owners", async () => {
    const t = await team();
    await inviteMember(t.owner, "new@example.test", "member");
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(outbox.at(-1)!.text)![1]!;
    const newcomer = await makeUser({ email: "new@example.test", fullName: "Nia New" });
    await acceptInvitation(token, newcomer);
    expect((await titles(t.ownerUser.id, t.workspace.id))[0]).toBe(`Nia New accepted your invitation to ${t.workspace.name}`);
    const owner = await getMemberContext(await authedRequest(t.ownerUser.id, "/team"));
    await changeRole(owner, t.sam.id, "admin");
    expect(await titles(t.sam.id, t.workspace.id)).toEqual(["Olive Owner changed your role to Admin"]);
    await db().insert(schema.billingCustomers).values({ workspaceId: t.workspace.id, provider: "local", customerId: "cus_1" });
    await paymentFailed({ provider: "local", customerId: "cus_1", eventId: "evt_1" });
    await paymentFailed({ provider: "local", customerId: "cus_1", eventId: "evt_1" });
    expect((await titles(t.ownerUser.id, t.workspace.id)).filter((x) => x.includes("payment"))).toEqual([
      "A payment for your subscription failed",
    ]);
  });
});

describe("reading and e-mail", () => {
  it("counts unread, marks one and all read, and keeps other workspaces' apart", async () => {
    const t = await team();
    await setAssignee(t.owner, t.project.id, t.card.id, t.sam.id, true);
    await addComment(t.owner, t.project.id, t.card.id, "@Sam Lee hello");
    expect((await bellData(t.sam.id, t.workspace.id)).unread).toBe(2);
    const [latest] = (await bellData(t.sam.id, t.workspace.id)).latest;
    expect(await markRead(t.sam.id, t.workspace.id, latest!.id)).toBe(`/projects/${t.project.id}?task=${t.card.id}`);
    expect(await markRead(t.kim.id, t.workspace.id, latest!.id)).toBeNull();
    expect((await bellData(t.sam.id, t.workspace.id)).unread).toBe(1);
    expect(await markAllRead(t.sam.id, t.workspace.id)).toBe(1);
    expect((await bellData(t.sam.id, t.workspace.id)).unread).toBe(0);
    const { workspace: other } = await makeOwner();
    expect((await bellData(t.sam.id, other.id)).latest).toEqual([]);
  });

  it("sends a digest of the kinds chosen for it, then nothing twice; 'off' sends nothing", async () => {
    const t = await team();
    await setEmailChoice(t.sam.id, "assigned", "digest");
    await setEmailChoice(t.sam.id, "mentioned", "off");
    await setAssignee(t.owner, t.project.id, t.card.id, t.sam.id, true);
    await addComment(t.owner, t.project.id, t.card.id, "@Sam Lee look");
    expect(outbox.filter((m) => m.to === "sam@example.test")).toHaveLength(0);
    expect(await sendDigests(new Date(Date.now() + 1000))).toBe(1);
    const digest = outbox.find((m) => m.to === "sam@example.test")!;
    expect(digest.subject).toBe("Your Atelier digest: 1 new notification");
    expect(digest.text).toContain("Olive Owner assigned you “Pricing page”");
    expect(await sendDigests(new Date(Date.now() + 2000))).toBe(0);
  });

  it("signs unsubscribe links per user and kind", () => {
    const link = new URL(unsubscribeLink("0f0e0d0c-0000-4000-8000-000000000000", "mentioned"));
    const [u, k, s] = ["u", "k", "s"].map((p) => link.searchParams.get(p)!);
    expect(verifyUnsubscribe(u, k, s)).toBe(true);
    expect(verifyUnsubscribe(u, "assigned", s)).toBe(false);
    expect(verifyUnsubscribe("0f0e0d0c-0000-4000-8000-000000000001", k, s)).toBe(false);
  });
});
