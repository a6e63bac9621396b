import { z } from "zod";
import { ROLES } from "~/lib/permissions";

/**
 * The team page's forms (/team and /team/:id), one schema each, and the union the
 * action parses: every form posts its `intent`.
 */
const role = z.enum(ROLES, { error: "Choose a role." });

export const inviteSchema = z.object({
  intent: z.literal("invite"),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .min(1, { error: "Email is required" })
    .email({ error: "Please enter a valid email address" }),
  role,
});

export const resendInvitationSchema = z.object({ intent: z.literal("resend"), invitationId: z.string() });
export const revokeInvitationSchema = z.object({ intent: z.literal("revoke"), invitationId: z.string() });
export const changeRoleSchema = z.object({ intent: z.literal("change-role"), userId: z.string(), role });
export const removeMemberSchema = z.object({ intent: z.literal("remove"), userId: z.string() });
export const leaveWorkspaceSchema = z.object({ intent: z.literal("leave") });

export const teamSchema = z.discriminatedUnion("intent", [
  inviteSchema,
  resendInvitationSchema,
  revokeInvitationSchema,
  changeRoleSchema,
  removeMemberSchema,
  leaveWorkspaceSchema,
]);
