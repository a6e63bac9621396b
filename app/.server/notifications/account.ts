import type { EventOf } from "../events/types";
import { appLink, sendMail } from "../mail";
import { emailChangedMail, passwordChangedMail } from "../mail/templates";

/**
 * Security notices about a person's own account, by e-mail (an account has no workspace to
 * hold a notification): a new password to the person's address, a new sign-in address to the
 * old one, which can no longer sign in and would otherwise never hear of it.
 */
export async function passwordChanged(event: EventOf<"account.password_changed">): Promise<void> {
  await sendMail(
    passwordChangedMail({ to: event.subject.email, name: event.actor?.name, at: event.at, resetLink: appLink("/auth?mode=reset") }),
  );
}

export async function emailChanged(event: EventOf<"account.email_changed">): Promise<void> {
  await sendMail(emailChangedMail({ to: event.change.from, newEmail: event.change.to, name: event.actor?.name, at: event.at }));
}
