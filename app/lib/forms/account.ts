import type { SubmissionResult } from "@conform-to/react";
import { z } from "zod";
import { AUTH_MESSAGES } from "../auth-validation";
import { isTimeZone } from "../dates";
import { confirmMatches, confirmPasswordField, emailField, newPasswordField } from "./auth";

/**
 * The profile page's forms (/profile): name and avatar, password, e-mail address, and
 * the session buttons. The server parses a post with `profileFormSchema` (one union on
 * `intent`); each form on the page runs its own schema.
 */
export const PROFILE_TEXT = {
  nameTooLong: "Keep your name under 120 characters.",
  avatarNotHttps: "Use an https:// address for the avatar, or leave it empty.",
  currentPasswordWrong: "Your current password is not correct.",
  sameEmail: "That is already your e-mail address.",
  emailTaken: "Another account uses that e-mail address.",
  sessionGone: "That session has already ended.",
  timeZoneUnknown: "Choose a time zone from the list.",
} as const;

export const updateProfileSchema = z.object({
  intent: z.literal("update-profile"),
  fullName: z
    .string({ error: AUTH_MESSAGES.fullNameRequired })
    .trim()
    .min(1, AUTH_MESSAGES.fullNameRequired)
    .max(120, PROFILE_TEXT.nameTooLong),
  avatarUrl: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === "" || /^https:\/\/\S+$/i.test(v), PROFILE_TEXT.avatarNotHttps)
    .optional(),
});

/** The time zone every date is shown in (an IANA name, as the list offers them). */
export const updateTimeZoneSchema = z.object({
  intent: z.literal("update-time-zone"),
  timeZone: z.string({ error: PROFILE_TEXT.timeZoneUnknown }).trim().refine(isTimeZone, PROFILE_TEXT.timeZoneUnknown),
});

/** An account without a password (OAuth only) sets one without a current password. */
const currentPassword = z.string().optional();

export const changePasswordSchema = confirmMatches(
  z.object({
    intent: z.literal("change-password"),
    currentPassword,
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
  }),
);

export const changeEmailSchema = z.object({ intent: z.literal("change-email"), email: emailField, currentPassword });

export const signOutOthersSchema = z.object({ intent: z.literal("sign-out-others") });

export const signOutSessionSchema = z.object({ intent: z.literal("sign-out-session"), sessionId: z.string() });

export const profileFormSchema = z.discriminatedUnion("intent", [
  updateProfileSchema,
  updateTimeZoneSchema,
  changePasswordSchema,
  changeEmailSchema,
  signOutOthersSchema,
  signOutSessionSchema,
]);

/** What /profile loads. */
export type ProfilePageData = {
  user: { fullName: string; email: string; avatarUrl: string | null };
  hasPassword: boolean;
  /** A new address waiting for its confirmation link to be opened. */
  pendingEmail: string | null;
  sessions: { id: string; current: boolean; createdAt: string | Date; userAgent: string; ip: string | null }[];
};

/** What /profile's time zone form shows: the stored zone (null: not known, UTC) and the zones to offer. */
export type TimeZoneFormData = { timeZone: string | null; timeZones: string[] };

export type ProfileReply = SubmissionResult<string[]>;

/** Which of the page's forms a reply belongs to. */
export function intentOfProfileReply(reply: ProfileReply | null | undefined): string | null {
  const intent = reply?.initialValue?.intent;
  return typeof intent === "string" ? intent : null;
}
