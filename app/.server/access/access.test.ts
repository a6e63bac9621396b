import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ROLES, type Role } from "~/lib/permissions";
import { addMember, makeOwner, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema, transaction } from "../db";
import { actionsOf, decide, RESOURCE_KINDS, requireAccess, requireRead, type ResourceKind } from ".";

/**
 * The gate's rules as a reviewer reads them: for each resource kind and action, who may do
 * it, and whether a read-only workspace (trial ended, subscription canceled) still allows it.
 * Every role is tried against every row, in a writable and in a read-only workspace.
 */
const everyone: Role[] = ["owner", "admin", "member", "viewer"];
const editors: Role[] = ["owner", "admin", "member"];
const admins: Role[] = ["owner", "admin"];
const ownerOnly: Role[] = ["owner"];

/** "always": allowed in a read-only workspace too; "writable": refused while read-only. */
type Row = [ResourceKind, string, Role[], "always" | "writable"];

const RULES: Row[] = [
  // The workspace itself: settings for admins; only the owner deletes it, even when it has lapsed.
  ["workspace", "read", everyone, "always"],
  ["workspace", "change", admins, "writable"],
  ["workspace", "delete", ownerOnly, "always"],
  // Projects and their boards: everyone looks, members and up change, admins delete a project.
  ["project", "read", everyone, "always"],
  ["project", "create", editors, "writable"],
  ["project", "change", editors, "writable"],
  ["project", "archive", editors, "writable"],
  ["project", "delete", admins, "writable"],
  ["project", "manage_columns", editors, "writable"],
  ["project", "manage_labels", editors, "writable"],
  ["card", "read", everyone, "always"],
  ["card", "create", editors, "writable"],
  ["card", "change", editors, "writable"],
  ["card", "move", editors, "writable"],
  ["card", "delete", editors, "writable"],
  // Comments: members write their own; deleting someone else's is for admins.
  ["comment", "read", everyone, "always"],
  ["comment", "create", editors, "writable"],
  ["comment", "moderate", admins, "writable"],
  ["attachment", "read", everyone, "always"],
  ["attachment", "change", editors, "writable"],
  // Wireframes and their main components: members edit, only admins delete.
  ["wireframe", "read", everyone, "always"],
  ["wireframe", "change", editors, "writable"],
  ["wireframe", "delete", admins, "writable"],
  ["component", "read", everyone, "always"],
  ["component", "change", editors, "writable"],
  ["component", "delete", admins, "writable"],
  // Prototypes: viewers leave feedback too; resolving it is an edit.
  ["prototype", "read", everyone, "always"],
  ["prototype", "comment", everyone, "writable"],
  ["prototype", "change", editors, "writable"],
  ["share_link", "read", everyone, "always"],
  ["share_link", "change", editors, "writable"],
  // Design system: members edit tokens, admins publish versions.
  ["token_set", "read", everyone, "always"],
  ["token_set", "change", editors, "writable"],
  ["token_set", "publish", admins, "writable"],
  ["analytics", "read", everyone, "always"],
  // Billing: admins look, the owner buys; buying is how a read-only workspace comes back.
  ["billing", "read", admins, "always"],
  ["billing", "change", ownerOnly, "always"],
  // Team: admins invite and change roles; removing a member frees a seat, so it stays open.
  ["team", "read", everyone, "always"],
  ["team", "invite", admins, "writable"],
  ["team", "revoke_invitation", admins, "always"],
  ["team", "change_role", admins, "writable"],
  ["team", "remove", admins, "always"],
];

const decideAny = (role: Role | null, kind: ResourceKind, action: string, readOnly: boolean) =>
  decide(role, kind, action as never, { readOnly });

describe("decide(role, kind, action, { readOnly })", () => {
  for (const [kind, action, allowed, state] of RULES) {
    for (const role of ROLES) {
      const may = allowed.includes(role);
      it(`${role}: ${kind} ${action} is ${may ? "allowed" : "refused"}, and in a read-only workspace ${may ? (state === "always" ? "still allowed" : "refused as read-only") : "refused for the role"}`, () => {
        expect(decideAny(role, kind, action, false)).toBe(may ? "allowed" : "forbidden");
        expect(decideAny(role, kind, action, true)).toBe(may ? (state === "always" ? "allowed" : "read_only") : "forbidden");
      });
    }
  }

  it("covers every resource kind of the contract and every action the gate knows", () => {
    expect([...RESOURCE_KINDS].sort()).toEqual(
      [
        "analytics",
        "attachment",
        "billing",
        "card",
        "comment",
        "component",
        "project",
        "prototype",
        "share_link",
        "team",
        "token_set",
        "wireframe",
        "workspace",
      ].sort(),
    );
    const known = RESOURCE_KINDS.flatMap((kind) => actionsOf(kind).map((action) => `${kind} ${action}`)).sort();
    expect(RULES.map(([kind, action]) => `${kind} ${action}`).sort()).toEqual(known);
  });

  it("refuses everything to someone without a role", () => {
    for (const [kind, action] of RULES) expect(decideAny(null, kind, action, false)).toBe("forbidden");
  });
});

describe("requireAccess and requireRead, against the database", () => {
  beforeEach(resetDb);

  async function lapse(workspaceId: string) {
    await db()
      .update(schema.workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.workspaces.id, workspaceId));
  }

  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => e as { status?: number; code?: string; message?: string },
    );

  it("lets a member change a card in a writable workspace, inside the write's transaction", async () => {
    const { workspace } = await makeOwner();
    const member = await makeUser();
    await addMember(workspace.id, member.id, "member");
    const ctx = await memberOf(member.id);
    expect(ctx.role).toBe("member");
    await expect(transaction((tx) => requireAccess(tx, ctx, "card", "change"))).resolves.toBeUndefined();
  });

  it("answers a read-only workspace with 403 workspace_read_only and why, and a viewer with 403 forbidden and the resource's words", async () => {
    const { user, workspace } = await makeOwner();
    const viewerUser = await makeUser();
    await addMember(workspace.id, viewerUser.id, "viewer");
    const owner = await memberOf(user.id);
    const viewer = await memberOf(viewerUser.id);
    await lapse(workspace.id);

    expect(await refusal(transaction((tx) => requireAccess(tx, owner, "wireframe", "change")))).toMatchObject({
      status: 403,
      code: "workspace_read_only",
      message: expect.stringMatching(/^This workspace is read-only because its free trial has ended/),
    });
    // The role is checked first: a viewer is told what the role allows, not about the plan.
    expect(await refusal(transaction((tx) => requireAccess(tx, viewer, "wireframe", "change")))).toMatchObject({
      status: 403,
      code: "forbidden",
      message: "Your role in this workspace can view wireframes but not change them.",
    });
    expect(await refusal(transaction((tx) => requireAccess(tx, viewer, "card", "move")))).toMatchObject({
      status: 403,
      code: "forbidden",
      message: "Your role in this workspace can view this board but not change it.",
    });
    // Reading stays open, and so do the ways out: billing for the owner, removing a member.
    expect(() => requireRead(viewer, "wireframe")).not.toThrow();
    await expect(transaction((tx) => requireAccess(tx, owner, "billing", "change"))).resolves.toBeUndefined();
    await expect(transaction((tx) => requireAccess(tx, owner, "team", "remove"))).resolves.toBeUndefined();
    // A viewer still leaves feedback on a prototype, but not in a lapsed workspace.
    expect(await refusal(transaction((tx) => requireAccess(tx, viewer, "prototype", "comment")))).toMatchObject({
      status: 403,
      code: "workspace_read_only",
    });
  });

  it("reads the workspace's state within the transaction it is given", async () => {
    const { user, workspace } = await makeOwner();
    const owner = await memberOf(user.id);
    const seen = await refusal(
      transaction(async (tx) => {
        await tx
          .update(schema.workspaces)
          .set({ trialEndsAt: new Date(Date.now() - 60_000) })
          .where(eq(schema.workspaces.id, workspace.id));
        await requireAccess(tx, owner, "card", "create");
      }),
    );
    expect(seen).toMatchObject({ status: 403, code: "workspace_read_only" });
  });
});
