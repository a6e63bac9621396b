import { describe, expect, it } from "vitest";
import { ACTIONS, ROLES, assignableRoles, can, type Action, type Role } from "./permissions";

/**
 * The roles as the role picker describes them ("Reads everything, changes nothing", …), each
 * stated as a rule and checked against the table. Which resource and action each entry
 * guards, and what a read-only workspace allows, is the access gate's test
 * (app/.server/access/access.test.ts).
 */
const allowedTo = (role: Role) => ACTIONS.filter((action) => can(role, action));
const byPrefix = (prefix: string) => ACTIONS.filter((a) => a.startsWith(prefix));

describe("the roles", () => {
  it("a viewer reads everything and changes nothing", () => {
    expect(allowedTo("viewer").every((a) => a.endsWith(".view"))).toBe(true);
    // …but not billing, which only admins and owners see.
    expect(allowedTo("viewer")).toEqual(["workspace.view", "members.view", "project.view", "wireframe.view", "design.view"]);
  });

  it("a member adds to the viewer the day-to-day work: projects, boards, cards, comments, wireframes, design tokens", () => {
    const gained = allowedTo("member").filter((a) => !can("viewer", a));
    expect(gained.sort()).toEqual(
      [
        "project.create",
        "project.update",
        "project.archive",
        "board.manage_columns",
        "card.create",
        "card.update",
        "card.move",
        "card.delete",
        "comment.create",
        "label.manage",
        "wireframe.edit",
        "design.edit",
      ].sort(),
    );
  });

  it("deleting a project, a wireframe or a component, moderating comments and publishing design versions need an admin", () => {
    for (const action of ["project.delete", "wireframe.delete", "comment.moderate", "design.publish"] as Action[]) {
      expect({ action, member: can("member", action), admin: can("admin", action) }).toEqual({ action, member: false, admin: true });
    }
  });

  it("an admin manages members and workspace settings and sees billing", () => {
    for (const action of [...byPrefix("members."), "workspace.update", "billing.view"] as Action[]) {
      expect({ action, admin: can("admin", action) }).toEqual({ action, admin: true });
    }
  });

  it("only the owner changes billing and deletes the workspace; the owner may do everything", () => {
    expect(ACTIONS.filter((a) => can("owner", a) && !can("admin", a))).toEqual(["workspace.delete", "billing.manage"]);
    expect(allowedTo("owner")).toEqual([...ACTIONS]);
  });

  it("each role may do everything the role below it may", () => {
    for (let i = 1; i < ROLES.length; i++) {
      const above = ROLES[i - 1]!;
      const below = ROLES[i]!;
      expect({ above, missing: allowedTo(below).filter((a) => !can(above, a)) }).toEqual({ above, missing: [] });
    }
  });

  it("someone without a role may do nothing", () => {
    expect(ACTIONS.filter((a) => can(null, a) || can(undefined, a))).toEqual([]);
  });

  it("only owners hand out the owner role; members and viewers hand out none", () => {
    expect(assignableRoles("owner")).toEqual(["owner", "admin", "member", "viewer"]);
    expect(assignableRoles("admin")).toEqual(["admin", "member", "viewer"]);
    expect(assignableRoles("member")).toEqual([]);
    expect(assignableRoles("viewer")).toEqual([]);
  });
});
