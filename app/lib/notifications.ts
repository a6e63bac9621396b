/**
 * Notification kinds, their labels (the settings page and e-mails) and each kind's default
 * e-mail choice. Browser-safe: the bell, /notifications and /settings read it.
 */
export const NOTIFICATION_KINDS = [
  "assigned",
  "mentioned",
  "commented",
  "due_soon",
  "invitation_accepted",
  "role_changed",
  "payment_failed",
  "trial_ending",
  "webhook_disabled",
  "weekly_digest",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const EMAIL_CHOICES = ["immediate", "digest", "off"] as const;
export type EmailChoice = (typeof EMAIL_CHOICES)[number];

export const EMAIL_CHOICE_LABELS: Record<EmailChoice, string> = {
  immediate: "Right away",
  digest: "Daily digest",
  off: "Off",
};

export const KIND_INFO: Record<
  NotificationKind,
  { label: string; defaultEmail: EmailChoice; choices?: readonly EmailChoice[]; choiceLabels?: Partial<Record<EmailChoice, string>> }
> = {
  assigned: { label: "Someone assigns a card to me", defaultEmail: "immediate" },
  mentioned: { label: "Someone mentions me", defaultEmail: "immediate" },
  commented: { label: "A comment on a card I am assigned to or watch", defaultEmail: "digest" },
  due_soon: { label: "My card is due within a day", defaultEmail: "digest" },
  invitation_accepted: { label: "Someone accepts my invitation", defaultEmail: "digest" },
  role_changed: { label: "My role changes", defaultEmail: "immediate" },
  payment_failed: { label: "A payment fails (owners)", defaultEmail: "immediate" },
  trial_ending: { label: "The trial ends in 3 days (owners)", defaultEmail: "immediate" },
  webhook_disabled: { label: "A webhook endpoint is switched off after a day of failures (owners)", defaultEmail: "immediate" },
  // Not a notification under the bell: the Monday e-mail of the workspace's week (app/.server/analytics/digest.ts).
  weekly_digest: {
    label: "Weekly digest: completed, started, overdue, insights, forecasts",
    defaultEmail: "digest",
    choices: ["digest", "off"],
    choiceLabels: { digest: "Every Monday" },
  },
};

/** The choices a kind offers (most offer all three), each with its label. */
export function choicesOf(kind: NotificationKind): { value: EmailChoice; label: string }[] {
  const info = KIND_INFO[kind];
  return (info.choices ?? EMAIL_CHOICES).map((value) => ({ value, label: info.choiceLabels?.[value] ?? EMAIL_CHOICE_LABELS[value] }));
}

/** What the bell and /notifications show of one notification. */
export type NotificationView = {
  id: string;
  kind: NotificationKind;
  title: string;
  excerpt: string | null;
  url: string;
  createdAt: string | Date;
  unread: boolean;
};
