import { scopeAllows, scopeNeeded } from "~/lib/api-keys";
import { can, type Action, type Role } from "~/lib/permissions";
import type { Db } from "../db";
import { forbidden, UserError } from "../errors";
import { assertWritable } from "../workspaces/limits";

/**
 * The access gate: the one place that decides whether a member may read or change a kind of
 * resource, and whether the workspace may be changed at all (not read-only after a trial or a
 * subscription ended). Every service asks it, whoever calls the service (a page, the JSON
 * API, a job, a test); a change asks inside the write's own transaction.
 *
 *   await requireAccess(tx, member, "card", "move");   // role, then writability, in the tx
 *   requireRead(member, "wireframe");                  // reads need no transaction
 *   allows(member.role, "comment", "moderate");        // a yes/no for a choice within a service
 *
 * A refusal is a UserError: 403 `forbidden` with the resource's own message, or 403
 * `workspace_read_only` with why the workspace is read-only. The role table itself stays data
 * (`app/lib/permissions.ts`), which the UI also reads to hide what a role may not do.
 */

type Rule = {
  /** The entry of the permission table the action needs. */
  permission: Action;
  /** Whether the action changes the workspace's data (so a read-only workspace refuses it). */
  changes: boolean;
  /** What a role without the permission is told. */
  message: string;
};

const BOARD = "Your role in this workspace can view this board but not change it.";
const WIREFRAME_VIEW = "Your role in this workspace does not allow viewing wireframes.";
const WIREFRAME_EDIT = "Your role in this workspace can view wireframes but not change them.";
const WIREFRAME_DELETE = "Only admins and owners can delete wireframes and components.";
const DESIGN_VIEW = "Your role in this workspace does not allow viewing the design system.";
const DESIGN_EDIT = "Your role in this workspace can view the design system but not change it.";
const DESIGN_PUBLISH = "Only admins and owners can publish versions, delete sets and manage download links.";
export const VIEW_BILLING_MESSAGE = "Only owners and admins can see billing.";
export const MANAGE_BILLING_MESSAGE = "Only the workspace owner can manage billing.";
const TEAM = "Your role in this workspace does not allow seeing its members.";
const PROJECTS = "Your role in this workspace does not allow viewing projects.";

/** An action a read-only workspace still allows (reading, and the few ways out of that state). */
const always = (permission: Action, message: string): Rule => ({ permission, changes: false, message });
/** An action that changes data: refused while the workspace is read-only. */
const writes = (permission: Action, message: string): Rule => ({ permission, changes: true, message });

/**
 * Every resource kind and what can be done with it. `read` is plain reading; the other
 * actions are the ones the app tells apart (deleting a wireframe needs an admin, publishing
 * a design version too, a viewer may leave feedback on a prototype, …).
 */
const RULES = {
  workspace: {
    read: always("workspace.view", "Your role in this workspace does not allow this. Ask an admin for access."),
    change: writes("workspace.update", "Only admins and owners can change workspace settings."),
    // Deleting is how an owner leaves for good: a read-only workspace may still be deleted.
    delete: always("workspace.delete", "Only owners can delete the workspace."),
  },
  project: {
    read: always("project.view", PROJECTS),
    create: writes("project.create", BOARD),
    change: writes("project.update", BOARD),
    archive: writes("project.archive", BOARD),
    delete: writes("project.delete", BOARD),
    manage_columns: writes("board.manage_columns", BOARD),
    manage_labels: writes("label.manage", BOARD),
  },
  card: {
    read: always("project.view", PROJECTS),
    create: writes("card.create", BOARD),
    change: writes("card.update", BOARD),
    move: writes("card.move", BOARD),
    delete: writes("card.delete", BOARD),
  },
  comment: {
    read: always("project.view", PROJECTS),
    create: writes("comment.create", BOARD),
    /** Deleting someone else's comment. */
    moderate: writes("comment.moderate", BOARD),
  },
  attachment: {
    read: always("project.view", PROJECTS),
    change: writes("card.update", BOARD),
  },
  wireframe: {
    read: always("wireframe.view", WIREFRAME_VIEW),
    change: writes("wireframe.edit", WIREFRAME_EDIT),
    delete: writes("wireframe.delete", WIREFRAME_DELETE),
  },
  component: {
    read: always("wireframe.view", WIREFRAME_VIEW),
    change: writes("wireframe.edit", WIREFRAME_EDIT),
    delete: writes("wireframe.delete", WIREFRAME_DELETE),
  },
  prototype: {
    read: always("wireframe.view", WIREFRAME_VIEW),
    /** Feedback pins and replies: whoever sees the wireframe (viewers too). */
    comment: writes("wireframe.view", WIREFRAME_VIEW),
    /** Resolving and reopening pins. */
    change: writes("wireframe.edit", WIREFRAME_EDIT),
  },
  share_link: {
    read: always("wireframe.view", WIREFRAME_VIEW),
    change: writes("wireframe.edit", WIREFRAME_EDIT),
  },
  token_set: {
    read: always("design.view", DESIGN_VIEW),
    change: writes("design.edit", DESIGN_EDIT),
    /** Publishing versions, deleting sets, download links. */
    publish: writes("design.publish", DESIGN_PUBLISH),
  },
  analytics: {
    read: always("project.view", PROJECTS),
  },
  billing: {
    read: always("billing.view", VIEW_BILLING_MESSAGE),
    // Choosing a plan is how a read-only workspace becomes writable again: never refused for it.
    change: always("billing.manage", MANAGE_BILLING_MESSAGE),
  },
  team: {
    read: always("members.view", TEAM),
    invite: writes("members.invite", "Only admins and owners can invite people."),
    revoke_invitation: always("members.invite", "Only admins and owners can revoke invitations."),
    change_role: writes("members.update_role", "Only admins and owners can change roles."),
    // Removing a member frees a seat: a read-only workspace may still do it.
    remove: always("members.remove", "Only admins and owners can remove members."),
  },
} as const satisfies Record<string, { read: Rule } & Record<string, Rule>>;

export type ResourceKind = keyof typeof RULES;
export type AccessAction<K extends ResourceKind = ResourceKind> = K extends ResourceKind ? keyof (typeof RULES)[K] & string : never;
export const RESOURCE_KINDS = Object.keys(RULES) as ResourceKind[];

/** The actions of a kind (for the table test and the docs). */
export function actionsOf<K extends ResourceKind>(kind: K): AccessAction<K>[] {
  return Object.keys(RULES[kind]) as AccessAction<K>[];
}

function ruleOf<K extends ResourceKind>(kind: K, action: AccessAction<K>): Rule {
  return (RULES[kind] as Record<string, Rule>)[action]!;
}

/**
 * Who asks: a role in a workspace (a MemberContext is one). A request made with an API key
 * carries the key's scopes too (decision 027): the role and the scopes must both allow it.
 */
export type Actor = { role: Role | null | undefined; workspace: { id: string }; apiKey?: { scopes: readonly string[] } };

export type Decision = "allowed" | "forbidden" | "read_only";

/**
 * The rule itself, with no database: may `role` do `action` on `kind`, in a workspace that is
 * (or is not) read-only. The role is checked first, so a viewer in a lapsed workspace is told
 * what their role allows, not about the plan.
 */
export function decide<K extends ResourceKind>(
  role: Role | null | undefined,
  kind: K,
  action: AccessAction<K>,
  workspace: { readOnly: boolean },
): Decision {
  const rule = ruleOf(kind, action);
  if (!can(role, rule.permission)) return "forbidden";
  if (rule.changes && workspace.readOnly) return "read_only";
  return "allowed";
}

/** Whether the role allows the action, whatever the workspace's state (for a choice within a service). */
export function allows<K extends ResourceKind>(role: Role | null | undefined, kind: K, action: AccessAction<K>): boolean {
  return can(role, ruleOf(kind, action).permission);
}

/**
 * What a page may offer (a button, a form): the role allows the action and, for an action
 * that changes data, the workspace is not read-only. The write itself still asks
 * `requireAccess` in its transaction.
 */
export function permits<K extends ResourceKind>(
  actor: Pick<Actor, "role">,
  kind: K,
  action: AccessAction<K>,
  workspace = { readOnly: false },
): boolean {
  return decide(actor.role, kind, action, workspace) === "allowed";
}

/** What a role that may not do `action` on `kind` is told. */
export function refusalOf<K extends ResourceKind>(kind: K, action: AccessAction<K>): string {
  return ruleOf(kind, action).message;
}

/** A 403 with the resource's message unless the member's role (and an API key's scopes) allow the action (no database read). */
export function requireRole<K extends ResourceKind>(actor: Actor, kind: K, action: AccessAction<K>): void {
  const rule = ruleOf(kind, action);
  if (actor.apiKey && !scopeAllows(actor.apiKey.scopes, kind, action)) throw insufficientScope(kind, action);
  if (!can(actor.role, rule.permission)) throw forbidden(rule.message);
}

/** RFC 6750 §3.1: 403 `insufficient_scope`, naming the scope that was needed. */
function insufficientScope(kind: ResourceKind, action: string): UserError {
  const scope = scopeNeeded(kind, action);
  return new UserError(
    403,
    `This API key does not have the ${scope} scope. Make a key with it in Settings → API keys.`,
    undefined,
    { "WWW-Authenticate": `Bearer realm="atelier", error="insufficient_scope", scope="${scope}"` },
    "insufficient_scope",
  );
}

/** Reading a kind of resource: a 403 unless the role may. */
export function requireRead(actor: Actor, kind: ResourceKind): void {
  requireRole(actor, kind, "read" as AccessAction<typeof kind>);
}

/**
 * The gate of every write: the role must allow the action, and an action that changes data
 * needs a writable workspace (403 `workspace_read_only` otherwise). Call it inside the
 * write's transaction, with its `tx`, so the answer holds for the write.
 */
export async function requireAccess<K extends ResourceKind>(tx: Db, actor: Actor, kind: K, action: AccessAction<K>): Promise<void> {
  requireRole(actor, kind, action);
  if (ruleOf(kind, action).changes) await requireWritable(tx, actor.workspace.id);
}

/** A 403 `workspace_read_only` naming why, when the workspace may not be changed now. */
export async function requireWritable(tx: Db, workspaceId: string): Promise<void> {
  await assertWritable(tx, workspaceId);
}
