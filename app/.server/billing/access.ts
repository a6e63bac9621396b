import { can } from "~/lib/permissions";
import { UserError } from "../errors";
import type { MemberContext } from "../workspaces";

/**
 * Who may do what with billing, checked by every billing service itself: admins and owners
 * see it, only the owner changes it (permission table: billing.view, billing.manage).
 */
export const MANAGE_BILLING_MESSAGE = "Only the workspace owner can manage billing.";
export const VIEW_BILLING_MESSAGE = "Only owners and admins can see billing.";

export function assertBilling(member: MemberContext, level: "view" | "manage"): void {
  if (level === "manage" && !can(member.role, "billing.manage")) throw new UserError(403, MANAGE_BILLING_MESSAGE);
  if (level === "view" && !can(member.role, "billing.view")) throw new UserError(403, VIEW_BILLING_MESSAGE);
}
