/**
 * The one permission table. Every loader and action asks `can(role, action)` (through
 * requireMember on the server), and the UI reads the same table to hide what a role
 * may not do. The server is the authority.
 */
export const ROLES = ["owner", "admin", "member", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const ACTIONS = [
  "workspace.view",
  "workspace.update",
  "workspace.delete",
  "billing.view",
  "billing.manage",
  "members.view",
  "members.invite",
  "members.update_role",
  "members.remove",
  "project.view",
  "project.create",
  "project.update",
  "project.archive",
  "project.delete",
  "board.manage_columns",
  "card.create",
  "card.update",
  "card.move",
  "card.delete",
  "comment.create",
  "comment.moderate",
  "label.manage",
  "wireframe.view",
  "wireframe.edit",
  "wireframe.delete",
  "design.view",
  "design.edit",
  "design.publish",
] as const;
export type Action = (typeof ACTIONS)[number];

const viewer: Action[] = ["workspace.view", "members.view", "project.view", "wireframe.view", "design.view"];
const member: Action[] = [
  ...viewer,
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
];
const admin: Action[] = [
  ...member,
  "workspace.update",
  "billing.view",
  "members.invite",
  "members.update_role",
  "members.remove",
  "project.delete",
  "comment.moderate",
  "wireframe.delete",
  "design.publish",
];
const owner: Action[] = [...admin, "workspace.delete", "billing.manage"];

const TABLE: Record<Role, ReadonlySet<Action>> = {
  owner: new Set(owner),
  admin: new Set(admin),
  member: new Set(member),
  viewer: new Set(viewer),
};

export function can(role: Role | null | undefined, action: Action): boolean {
  return role ? TABLE[role].has(action) : false;
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  member: "Member",
  viewer: "Viewer",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including billing and deleting the workspace.",
  admin: "Manages members and workspace settings.",
  member: "Creates and edits projects and cards.",
  viewer: "Reads everything, changes nothing.",
};

/**
 * Which roles may `actorRole` give to someone? Admins manage members below owner;
 * only owners make or unmake owners.
 */
export function assignableRoles(actorRole: Role): Role[] {
  if (actorRole === "owner") return [...ROLES];
  if (actorRole === "admin") return ["admin", "member", "viewer"];
  return [];
}
