import { data } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { normalizeEmail } from "~/lib/auth-validation";
import { assignableRoles, can, ROLES } from "~/lib/permissions";
import { db, schema, transaction } from "../db";
import { redirectWithToast } from "../http/flash";
import { firstIssue, formFailure as fail, stringFields } from "../http/forms";
import { MailError } from "../mail";
import { assignedWork } from "../dashboard";
import { listActivity } from "../projects/activity";
import { UserError } from "../errors";
import { getMemberContext, requireMember, createWorkspace, renameWorkspace } from "./index";
import { assertWritable, planOf, readOnlyMessage, readOnlyReason, storageUsedBytes, usageOf } from "./limits";
import { attachmentKeys, discardFiles } from "../files/attachments";
import {
  changeRole,
  getMember,
  inviteMember,
  listInvitations,
  listMembers,
  removeMember,
  resendInvitation,
  revokeInvitation,
} from "./team";

const email = z
  .string()
  .transform(normalizeEmail)
  .pipe(z.string().min(1, { message: "Email is required" }).email({ message: "Please enter a valid email address" }));

const teamIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), email, role: z.enum(ROLES, { message: "Choose a role." }) }),
  z.object({ intent: z.literal("resend"), invitationId: z.string() }),
  z.object({ intent: z.literal("revoke"), invitationId: z.string() }),
  z.object({ intent: z.literal("change-role"), userId: z.string(), role: z.enum(ROLES, { message: "Choose a role." }) }),
  z.object({ intent: z.literal("remove"), userId: z.string() }),
  z.object({ intent: z.literal("leave") }),
]);

/** Sending again mails the same link, so the e-mail the person already has keeps working. */
const resentToast = (to: string) => ({
  variant: "success" as const,
  title: "Invitation sent again",
  description: `We e-mailed ${to} again. The link in their earlier e-mail works too.`,
});

export async function teamLoader(request: Request) {
  const member = await requireMember(request, "members.view");
  const [members, invitations, usage, plan] = await Promise.all([
    listMembers(member.workspace.id),
    can(member.role, "members.invite") ? listInvitations(member.workspace.id) : Promise.resolve([]),
    usageOf(db(), member.workspace.id),
    planOf(db(), member.workspace.id),
  ]);
  return {
    me: member.user.id,
    role: member.role,
    workspaceName: member.workspace.name,
    members,
    invitations,
    seats: { used: usage.members, limit: plan.limits.users, plan: plan.name },
    assignable: assignableRoles(member.role),
    can: {
      invite: can(member.role, "members.invite"),
      changeRoles: can(member.role, "members.update_role"),
      remove: can(member.role, "members.remove"),
    },
  };
}

/** Team mutations, one intent each; success redirects with a toast, failure re-renders with a 4xx. */
export async function teamAction(request: Request, back = "/team") {
  const member = await getMemberContext(request);
  const form = await request.formData();
  const values = stringFields(form);
  const parsed = teamIntent.safeParse(values);
  if (!parsed.success) {
    return fail(400, { intent: values.intent ?? "unknown", ...firstIssue(parsed.error), values });
  }
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "invite": {
        const { resent } = await inviteMember(member, input.email, input.role);
        return redirectWithToast(
          back,
          resent
            ? resentToast(input.email)
            : { variant: "success", title: "Invitation sent", description: `We e-mailed an invitation to ${input.email}.` },
          { status: 303 },
        );
      }
      case "resend": {
        const to = await resendInvitation(member, input.invitationId);
        return redirectWithToast(back, resentToast(to), { status: 303 });
      }
      case "revoke": {
        const to = await revokeInvitation(member, input.invitationId);
        return redirectWithToast(
          back,
          { variant: "success", title: "Invitation revoked", description: `The link sent to ${to} no longer works.` },
          { status: 303 },
        );
      }
      case "change-role":
        await assertWritable(db(), member.workspace.id);
        await changeRole(member, input.userId, input.role);
        return redirectWithToast(back, { variant: "success", title: "Role changed" }, { status: 303 });
      case "remove":
        await removeMember(member, input.userId);
        return redirectWithToast(
          input.userId === member.user.id ? "/dashboard" : "/team",
          { variant: "success", title: input.userId === member.user.id ? "You left the workspace" : "Member removed" },
          { status: 303 },
        );
      case "leave":
        await removeMember(member, member.user.id);
        return redirectWithToast("/dashboard", { variant: "success", title: `You left ${member.workspace.name}` }, { status: 303 });
    }
  } catch (error) {
    if (error instanceof UserError) return fail(error.status, { intent: input.intent, message: error.message, field: error.field, values });
    if (error instanceof MailError) {
      return fail(502, {
        intent: input.intent,
        message: `The invitation was saved but the e-mail could not be sent: ${error.message} Use "Resend" to try again.`,
        values,
      });
    }
    throw error;
  }
}

export async function memberLoader(request: Request, userId: string | undefined) {
  const member = await requireMember(request, "members.view");
  const person = userId ? await getMember(member.workspace.id, userId) : null;
  if (!person) throw data({ message: "This person is not a member of this workspace." }, { status: 404 });
  const [work, activity] = await Promise.all([
    assignedWork(member.workspace.id, person.id),
    listActivity(member.workspace.id, { actorId: person.id, limit: 25 }),
  ]);
  return {
    person,
    work,
    activity,
    me: member.user.id,
    assignable: assignableRoles(member.role),
    can: { changeRoles: can(member.role, "members.update_role"), remove: can(member.role, "members.remove") },
  };
}

// Settings

const settingsIntent = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("update-workspace"),
    name: z.string().trim().min(1, { message: "Give the workspace a name." }).max(80, { message: "Keep the name under 80 characters." }),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .min(2, { message: "The address needs at least 2 characters." })
      .max(40, { message: "Keep the address under 40 characters." })
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: "Use lower-case letters, digits and single hyphens." }),
  }),
  z.object({ intent: z.literal("create-workspace"), name: z.string().trim().min(1, { message: "Give the workspace a name." }).max(80) }),
  z.object({ intent: z.literal("delete-workspace"), confirm: z.string() }),
]);

export async function settingsLoader(request: Request) {
  const member = await requireMember(request, "workspace.view");
  const [usage, plan, members, storageBytes] = await Promise.all([
    usageOf(db(), member.workspace.id),
    planOf(db(), member.workspace.id),
    listMembers(member.workspace.id),
    storageUsedBytes(db(), member.workspace.id),
  ]);
  return {
    workspace: member.workspace,
    role: member.role,
    usage: { ...usage, storageBytes },
    plan: { name: plan.name, limits: plan.limits },
    memberCount: members.length,
    can: { update: can(member.role, "workspace.update"), delete: can(member.role, "workspace.delete") },
  };
}

export async function settingsAction(request: Request) {
  const member = await getMemberContext(request);
  const form = await request.formData();
  const values = stringFields(form);
  const parsed = settingsIntent.safeParse(values);
  if (!parsed.success) {
    return fail(400, { intent: values.intent ?? "unknown", ...firstIssue(parsed.error), values });
  }
  const input = parsed.data;
  if (input.intent === "create-workspace") {
    const ws = await createWorkspace(member.user.id, input.name);
    return redirectWithToast(
      "/dashboard",
      {
        variant: "success",
        title: `Workspace "${ws.name}" created`,
        description: "You are its owner. Invite your team from the Team page.",
      },
      { status: 303 },
    );
  }
  if (input.intent === "update-workspace") {
    if (!can(member.role, "workspace.update"))
      return fail(403, { intent: input.intent, message: "Only admins and owners can change workspace settings.", values });
    const reason = await readOnlyReason(db(), member.workspace.id);
    if (reason) return fail(403, { intent: input.intent, message: readOnlyMessage(reason), values });
    const r = await renameWorkspace(member.workspace.id, input.name, input.slug);
    if (!r.ok) return fail(400, { intent: input.intent, message: r.message, field: r.field, values });
    return redirectWithToast("/settings", { variant: "success", title: "Workspace settings saved" }, { status: 303 });
  }
  if (!can(member.role, "workspace.delete"))
    return fail(403, { intent: input.intent, message: "Only owners can delete the workspace.", values });
  if (input.confirm.trim() !== member.workspace.name) {
    return fail(400, {
      intent: input.intent,
      field: "confirm",
      message: `Type the workspace's name, ${member.workspace.name}, to confirm.`,
      values,
    });
  }
  const fileKeys = await transaction(async (tx) => {
    const keys = await attachmentKeys(tx, { workspaceId: member.workspace.id });
    await tx.delete(schema.workspaces).where(eq(schema.workspaces.id, member.workspace.id));
    return keys;
  });
  await discardFiles(fileKeys);
  return redirectWithToast("/dashboard", { variant: "success", title: `Workspace "${member.workspace.name}" deleted` }, { status: 303 });
}
