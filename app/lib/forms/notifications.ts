import { z } from "zod";
import { EMAIL_CHOICES, KIND_INFO, NOTIFICATION_KINDS } from "~/lib/notifications";

/** /notifications: open one (mark read and go), mark one read or unread, mark all read. */
export const notificationsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("open"), id: z.string().uuid() }),
  z.object({ intent: z.literal("mark-read"), id: z.string().uuid() }),
  z.object({ intent: z.literal("mark-unread"), id: z.string().uuid() }),
  z.object({ intent: z.literal("mark-all-read") }),
]);

/** /settings: the e-mail choice for each kind (one select per kind). */
export const emailChoicesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.enum(KIND_INFO[k].choices ?? EMAIL_CHOICES)])) as Record<
    (typeof NOTIFICATION_KINDS)[number],
    z.ZodEnum<{ [K in (typeof EMAIL_CHOICES)[number]]: K }>
  >,
);
