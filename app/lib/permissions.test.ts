import { describe, expect, it } from "vitest";
import { ACTIONS, ROLES, assignableRoles, can, type Action, type Role } from "./permissions";

// The whole role-by-action table, written out so a change to it is a visible diff here.
const expected: Record<Action, Role[]> = {
  "workspace.view": ["owner", "admin", "member", "viewer"],
  "workspace.update": ["owner", "admin"],
  "workspace.delete": ["owner"],
  "billing.view": ["owner", "admin"],
  "billing.manage": ["owner"],
  "members.view": ["owner", "admin", "member", "viewer"],
  "members.invite": ["owner", "admin"],
  "members.update_role": ["owner", "admin"],
  "members.remove": ["owner", "admin"],
  "project.view": ["owner", "admin", "member", "viewer"],
  "project.create": ["owner", "admin", "member"],
  "project.update": ["owner", "admin", "member"],
  "project.archive": ["owner", "admin", "member"],
  "project.delete": ["owner", "admin"],
  "board.manage_columns": ["owner", "admin", "member"],
  "card.create": ["owner", "admin", "member"],
  "card.update": ["owner", "admin", "member"],
  "card.move": ["owner", "admin", "member"],
  "card.delete": ["owner", "admin", "member"],
  "comment.create": ["owner", "admin", "member"],
  "comment.moderate": ["owner", "admin"],
  "label.manage": ["owner", "admin", "member"],
  "wireframe.view": ["owner", "admin", "member", "viewer"],
  "wireframe.edit": ["owner", "admin", "member"],
  "wireframe.delete": ["owner", "admin"],
  "design.view": ["owner", "admin", "member", "viewer"],
  "design.edit": ["owner", "admin", "member"],
  "design.publish": ["owner", "admin"],
};

describe("can(role, action)", () => {
  for (const action of ACTIONS) {
    for (const role of ROLES) {
      const allowed = expected[action].includes(role);
      it(`${role} ${allowed ? "may" : "may not"} ${action}`, () => {
        expect(can(role, action)).toBe(allowed);
      });
    }
  }

  it("denies everything to no role", () => {
    for (const action of ACTIONS) expect(can(null, action)).toBe(false);
  });

  it("lets only owners hand out the owner role", () => {
    expect(assignableRoles("owner")).toContain("owner");
    expect(assignableRoles("admin")).not.toContain("owner");
    expect(assignableRoles("member")).toEqual([]);
    expect(assignableRoles("viewer")).toEqual([]);
  });
});
