import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, makeOwner, makeUser } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { outbox, resetMailForTests } from "../mail";
import { createProject } from "../projects/projects";
import { getMemberContext } from "./index";
import {
  acceptInvitation,
  acceptOpenInvitationsFor,
  findInvitation,
  inviteMember,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from "./invitations";
import { countSeats } from "./limits";
import { removeMember } from "./members";

async function ctxFor(userId: string) {
  return getMemberContext(await authedRequest(userId, "/team"));
}

function tokenFromMail(to: string) {
  const mail = [...outbox].reverse().find((m) => m.to === to)!;
  return /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

describe("invitations", () => {
  beforeEach(async () => {
    await resetDb();
    resetMailForTests();
  });

  it("invites by e-mail with a role; the link joins once and never again", async () => {
    const { user } = await makeOwner();
    const ctx = await ctxFor(user.id);
    await inviteMember(ctx, "colleague@example.test", "member");
    expect(outbox.at(-1)!.text).toContain("http://localhost:3000/invite/");
    const token = tokenFromMail("colleague@example.test");
    expect((await findInvitation(token))?.state).toBe("open");

    const colleague = await makeUser({ email: "colleague@example.test" });
    await acceptInvitation(token, colleague);
    const joined = await ctxFor(colleague.id);
    expect(joined.workspace.id).toBe(ctx.workspace.id);
    expect(joined.role).toBe("member");
    expect((await findInvitation(token))?.state).toBe("accepted");
    await expect(acceptInvitation(token, colleague)).rejects.toMatchObject({ status: 400 });
  });

  it("refuses an invitation to someone signed in with another address", async () => {
    const { user } = await makeOwner();
    await inviteMember(await ctxFor(user.id), "a@example.test", "viewer");
    const other = await makeUser({ email: "b@example.test" });
    await expect(acceptInvitation(tokenFromMail("a@example.test"), other)).rejects.toMatchObject({ status: 403 });
  });

  it("joins open invitations when the invited person verifies a new account", async () => {
    const { user } = await makeOwner();
    const ctx = await ctxFor(user.id);
    await inviteMember(ctx, "new@example.test", "admin");
    const newcomer = await makeUser({ email: "new@example.test" });
    expect(await acceptOpenInvitationsFor(newcomer.id, newcomer.email)).toBe(1);
    expect((await ctxFor(newcomer.id)).role).toBe("admin");
  });

  it("inviting a pending address again sends the same invitation again: the first link keeps working, one seat", async () => {
    const { user, workspace } = await makeOwner();
    const ctx = await ctxFor(user.id);
    expect(await inviteMember(ctx, "x@example.test", "member")).toEqual({ resent: false });
    const first = tokenFromMail("x@example.test");
    const [before] = await listInvitations(ctx.workspace.id);
    expect(await inviteMember(ctx, "x@example.test", "viewer")).toEqual({ resent: true });
    expect(outbox.filter((m) => m.to === "x@example.test")).toHaveLength(2);
    expect(tokenFromMail("x@example.test")).toBe(first);
    // Still one invitation (the same one, with the role chosen last), open, holding one seat.
    expect(await findInvitation(first)).toMatchObject({ state: "open", role: "viewer" });
    const after = await listInvitations(ctx.workspace.id);
    expect(after).toMatchObject([{ id: before!.id, email: "x@example.test", role: "viewer" }]);
    expect(after[0]!.expiresAt.getTime()).toBeGreaterThanOrEqual(before!.expiresAt.getTime());
    expect(await countSeats(workspace.id)).toBe(2);

    // "Resend" from the list does the same.
    expect(await resendInvitation(ctx, before!.id)).toBe("x@example.test");
    expect(tokenFromMail("x@example.test")).toBe(first);
    expect(await countSeats(workspace.id)).toBe(2);

    const x = await makeUser({ email: "x@example.test" });
    await acceptInvitation(first, x);
    expect((await ctxFor(x.id)).role).toBe("viewer");
    expect(await listInvitations(ctx.workspace.id)).toHaveLength(0);
  });

  it("an expired invitation sent again works again, if there is a seat for it", async () => {
    const { user, workspace } = await makeOwner();
    const ctx = await ctxFor(user.id);
    await inviteMember(ctx, "late@example.test", "member");
    const link = tokenFromMail("late@example.test");
    await db()
      .update(schema.invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.invitations.workspaceId, workspace.id));
    expect((await findInvitation(link))?.state).toBe("expired");
    expect(await countSeats(workspace.id)).toBe(1);
    await inviteMember(ctx, "late@example.test", "member");
    expect((await findInvitation(link))?.state).toBe("open");
    expect(await countSeats(workspace.id)).toBe(2);
  });

  it("revokes: the link stops working", async () => {
    const { user } = await makeOwner();
    const ctx = await ctxFor(user.id);
    await inviteMember(ctx, "y@example.test", "member");
    const link = tokenFromMail("y@example.test");
    const [open] = await listInvitations(ctx.workspace.id);
    expect(await revokeInvitation(ctx, open!.id)).toBe("y@example.test");
    expect(await listInvitations(ctx.workspace.id)).toHaveLength(0);
    expect((await findInvitation(link))?.state).toBe("revoked");
    // Inviting again after a revocation is a new invitation with a new link.
    expect(await inviteMember(ctx, "y@example.test", "member")).toEqual({ resent: false });
    expect(tokenFromMail("y@example.test")).not.toBe(link);
    expect((await findInvitation(link))?.state).toBe("revoked");
  });

  it("counts members and pending invitations against the plan", async () => {
    const { user, workspace } = await makeOwner();
    await db().update(schema.workspaces).set({ planId: "starter" }).where(eq(schema.workspaces.id, workspace.id));
    const ctx = await ctxFor(user.id);
    await inviteMember(ctx, "one@example.test", "member");
    await inviteMember(ctx, "two@example.test", "member");
    await expect(inviteMember(ctx, "three@example.test", "member")).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining("The Starter plan includes 3 members"),
    });
    // Sending a pending invitation again takes no new seat, so the plan does not refuse it.
    await expect(inviteMember(ctx, "two@example.test", "member")).resolves.toEqual({ resent: true });
    for (let i = 0; i < 5; i++) await createProject(ctx, { name: `P${i}` });
    await expect(createProject(ctx, { name: "P6" })).rejects.toMatchObject({
      message: expect.stringContaining("The Starter plan includes 5 active projects"),
    });
  });
});

describe("accepting an invitation after a downgrade", () => {
  beforeEach(async () => {
    await resetDb();
    resetMailForTests();
  });

  it("waits for a free seat when the plan now has fewer seats than members; the invitation stays open", async () => {
    const { user, workspace } = await makeOwner();
    const ctx = await ctxFor(user.id);
    await inviteMember(ctx, "late@example.test", "member");
    for (const role of ["member", "member"] as const) await addMember(workspace.id, (await makeUser()).id, role);
    // Three members now; the workspace moves to Starter (3 seats) while the invitation is pending.
    await db().update(schema.workspaces).set({ planId: "starter" }).where(eq(schema.workspaces.id, workspace.id));
    const late = await makeUser({ email: "late@example.test" });
    const token = tokenFromMail("late@example.test");
    await expect(acceptInvitation(token, late)).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining("the Starter plan includes 3 members"),
    });
    // Verifying an e-mail does not push past the plan either.
    expect(await acceptOpenInvitationsFor(late.id, late.email)).toBe(0);
    expect((await findInvitation(token))?.state).toBe("open");

    // A seat frees up: the same link works.
    const [other] = await db()
      .select()
      .from(schema.memberships)
      .where(and(eq(schema.memberships.workspaceId, workspace.id), eq(schema.memberships.role, "member")));
    await removeMember(ctx, other!.userId);
    await expect(acceptInvitation(token, late)).resolves.toMatchObject({ workspaceId: workspace.id });
  });

  it("refuses to join a read-only workspace", async () => {
    const { user, workspace } = await makeOwner();
    await inviteMember(await ctxFor(user.id), "ro@example.test", "viewer");
    await db()
      .update(schema.workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(schema.workspaces.id, workspace.id));
    const ro = await makeUser({ email: "ro@example.test" });
    await expect(acceptInvitation(tokenFromMail("ro@example.test"), ro)).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining("read-only"),
    });
  });
});

describe("sign-up gate with public sign-up off", () => {
  beforeEach(async () => {
    await resetDb();
    resetMailForTests();
  });

  it("lets an invited address create an account, and nobody else", async () => {
    const { signupGate } = await import("../beta/gate");
    await db().update(schema.featureFlags).set({ enabled: false }).where(eq(schema.featureFlags.name, "auth.enable_public_signup"));
    const { user } = await makeOwner();
    await inviteMember(await ctxFor(user.id), "invited@example.test", "member");
    expect(await signupGate("invited@example.test")).toMatchObject({ allowed: true });
    expect(await signupGate("stranger@example.test")).toMatchObject({ allowed: false });
  });
});
