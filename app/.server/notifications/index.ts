import { createHmac, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { EMAIL_CHOICES, KIND_INFO, type EmailChoice, type NotificationKind, type NotificationView } from "~/lib/notifications";
import { isUuid } from "~/lib/ids";
import { db, schema, type Db } from "../db";
import { appLink, sendMail } from "../mail";
import { notificationMail } from "../mail/templates";
import { publish } from "../realtime";
import { sessionSecrets } from "../secrets";

/**
 * Notifications, stored per user and workspace. `notify` is called after a change has
 * committed (by the events' notifications subscriber, ../events/subscribers.ts, or a job): it skips the actor (nobody is told of their own action) and
 * anyone no longer a member, writes one row per person (a `dedupeKey` makes a repeat a
 * no-op), tells each person's open pages (topic `user:<id>`: the bell's count updates
 * live), and sends the e-mails of the people who chose "Right away" for that kind. A daily
 * digest gathers the rest (`sendDigests`). Failures to mail never undo the notification.
 */
const { notifications, memberships, users, notificationEmailSettings, cardWatchers } = schema;

export const userTopic = (userId: string) => `user:${userId}`;

export type NotifyInput = {
  workspaceId: string;
  kind: NotificationKind;
  actorId: string | null;
  recipients: readonly string[];
  title: string;
  excerpt?: string | null;
  /** The target, a path inside the app (`/projects/…?card=…`). */
  url: string;
  projectId?: string | null;
  cardId?: string | null;
  dedupeKey?: string;
};

export async function notify(input: NotifyInput): Promise<number> {
  const rows = await insertNotifications(db(), input);
  await deliver(rows);
  return rows.length;
}

export type Inserted = { id: string; userId: string }[];

/**
 * Writes the rows only (inside a caller's transaction, e.g. a job's); call `deliver` with the
 * result once that transaction has committed.
 */
export async function insertNotifications(d: Db, input: NotifyInput): Promise<Inserted> {
  const wanted = [...new Set(input.recipients)].filter((id) => id !== input.actorId && isUuid(id));
  if (wanted.length === 0) return [];
  const members = await d
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, input.workspaceId), inArray(memberships.userId, wanted)));
  if (members.length === 0) return [];
  return d
    .insert(notifications)
    .values(
      members.map((m) => ({
        userId: m.userId,
        workspaceId: input.workspaceId,
        kind: input.kind,
        actorId: input.actorId,
        projectId: input.projectId ?? null,
        cardId: input.cardId ?? null,
        title: input.title.slice(0, 300),
        excerpt: input.excerpt ? input.excerpt.slice(0, 280) : null,
        url: input.url,
        dedupeKey: input.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id, userId: notifications.userId });
}

/** Tells each person's open pages, and mails those who chose "Right away" for the kind. */
export async function deliver(rows: Inserted): Promise<void> {
  await Promise.all([...new Set(rows.map((r) => r.userId))].map((userId) => publish(userTopic(userId), { type: "notification" })));
  await mailImmediately(rows.map((r) => r.id));
}

/** The notifications matching `where`, with the e-mail address and name of the person each is for. */
function mailRows(where: SQL | undefined) {
  return db()
    .select({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      title: notifications.title,
      excerpt: notifications.excerpt,
      url: notifications.url,
      email: users.email,
      name: users.fullName,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(where)
    .orderBy(notifications.createdAt);
}

/** Each person's choices, read once per person (emailChoices gives every kind, defaults filled in). */
async function choicesOf(userIds: Iterable<string>) {
  const ids = [...new Set(userIds)];
  return new Map(await Promise.all(ids.map(async (id) => [id, await emailChoices(id)] as const)));
}

async function mailImmediately(ids: string[]) {
  if (ids.length === 0) return;
  const rows = await mailRows(inArray(notifications.id, ids));
  const choices = await choicesOf(rows.map((r) => r.userId));
  for (const r of rows) {
    if (choices.get(r.userId)?.[r.kind] !== "immediate") continue;
    try {
      await sendMail(
        notificationMail({
          to: r.email,
          name: r.name,
          items: [{ title: r.title, excerpt: r.excerpt, link: appLink(r.url) }],
          unsubscribe: { label: KIND_INFO[r.kind].label, link: unsubscribeLink(r.userId, r.kind) },
        }),
      );
      await db().update(notifications).set({ emailedAt: new Date() }).where(eq(notifications.id, r.id));
    } catch (error) {
      console.error("[notifications] e-mail failed", error);
    }
  }
}

/** Sends each user one e-mail of their unread, un-mailed notifications whose kind they chose as a digest. */
export async function sendDigests(now = new Date()): Promise<number> {
  const pending = await mailRows(and(isNull(notifications.emailedAt), isNull(notifications.readAt), lt(notifications.createdAt, now)));
  const byUser = new Map<string, typeof pending>();
  for (const p of pending) byUser.set(p.userId, [...(byUser.get(p.userId) ?? []), p]);
  const choices = await choicesOf(byUser.keys());
  let sent = 0;
  for (const [userId, items] of byUser) {
    const wanted = items.filter((item) => choices.get(userId)?.[item.kind] === "digest");
    if (wanted.length === 0) continue;
    try {
      await sendMail(
        notificationMail({
          to: wanted[0]!.email,
          name: wanted[0]!.name,
          items: wanted.map((w) => ({ title: w.title, excerpt: w.excerpt, link: appLink(w.url) })),
          digest: true,
          unsubscribe: { label: "these e-mails", link: appLink("/settings#notifications") },
        }),
      );
      await db()
        .update(notifications)
        .set({ emailedAt: now })
        .where(
          inArray(
            notifications.id,
            wanted.map((w) => w.id),
          ),
        );
      sent += 1;
    } catch (error) {
      console.error("[notifications] digest failed", error);
    }
  }
  return sent;
}

// ── Reading and marking ─────────────────────────────────────────────────────────────

const PAGE = 20;

export async function unreadCount(userId: string, workspaceId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.workspaceId, workspaceId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

function toView(r: typeof notifications.$inferSelect): NotificationView {
  return { id: r.id, kind: r.kind, title: r.title, excerpt: r.excerpt, url: r.url, createdAt: r.createdAt, unread: r.readAt === null };
}

/** A page of one user's notifications in one workspace, newest first; `unreadOnly` filters. */
export async function listNotifications(
  userId: string,
  workspaceId: string,
  opts: { page?: number; unreadOnly?: boolean; limit?: number } = {},
) {
  const limit = opts.limit ?? PAGE;
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  const where = and(
    eq(notifications.userId, userId),
    eq(notifications.workspaceId, workspaceId),
    opts.unreadOnly ? isNull(notifications.readAt) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db().select({ n: count() }).from(notifications).where(where),
  ]);
  const n = Number(total?.n ?? 0);
  return { items: rows.map(toView), page, pages: Math.max(1, Math.ceil(n / limit)), total: n };
}

/** Marks one notification read (or unread); returns its target so a click can go there. */
export async function markRead(userId: string, workspaceId: string, id: string, read = true): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .update(notifications)
    .set({ readAt: read ? sql`coalesce(${notifications.readAt}, now())` : null })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.workspaceId, workspaceId)))
    .returning({ url: notifications.url });
  if (row) await publish(userTopic(userId), { type: "notification" });
  return row?.url ?? null;
}

export async function markAllRead(userId: string, workspaceId: string): Promise<number> {
  const rows = await db()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), eq(notifications.workspaceId, workspaceId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (rows.length) await publish(userTopic(userId), { type: "notification" });
  return rows.length;
}

// ── E-mail choices and one-click unsubscribe ──────────────────────────────────────────

export async function emailChoices(userId: string): Promise<Record<NotificationKind, EmailChoice>> {
  const rows = await db().select().from(notificationEmailSettings).where(eq(notificationEmailSettings.userId, userId));
  const chosen = new Map(rows.map((r) => [r.kind, r.email]));
  return Object.fromEntries(
    Object.entries(KIND_INFO).map(([k, info]) => [k, chosen.get(k as NotificationKind) ?? info.defaultEmail]),
  ) as Record<NotificationKind, EmailChoice>;
}

export async function setEmailChoice(userId: string, kind: NotificationKind, email: EmailChoice) {
  if (!EMAIL_CHOICES.includes(email)) throw new Error("unknown e-mail choice");
  await db()
    .insert(notificationEmailSettings)
    .values({ userId, kind, email })
    .onConflictDoUpdate({ target: [notificationEmailSettings.userId, notificationEmailSettings.kind], set: { email } });
}

function signature(userId: string, kind: string, secret = sessionSecrets()[0]!): string {
  return createHmac("sha256", secret).update(`unsubscribe:${userId}:${kind}`).digest("base64url").slice(0, 32);
}

export function unsubscribeLink(userId: string, kind: NotificationKind): string {
  return appLink(`/notifications/unsubscribe?u=${userId}&k=${kind}&s=${signature(userId, kind)}`);
}

/** Checks an unsubscribe link's signature (any of the session secrets, so rotation keeps old links working). */
export function verifyUnsubscribe(userId: string, kind: string, sig: string): boolean {
  if (!isUuid(userId) || !(kind in KIND_INFO)) return false;
  return sessionSecrets().some((secret) => {
    const expected = Buffer.from(signature(userId, kind, secret));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

// ── Watching ─────────────────────────────────────────────────────────────────────────

/** Adds automatic watchers (assignees, commenters); someone who chose to stop watching stays off. */
export async function autoWatch(tx: Db, workspaceId: string, cardId: string, userIds: readonly string[]) {
  const ids = [...new Set(userIds)].filter(isUuid);
  if (ids.length === 0) return;
  await tx
    .insert(cardWatchers)
    .values(ids.map((userId) => ({ cardId, userId, workspaceId })))
    .onConflictDoNothing();
}

export async function setWatching(workspaceId: string, cardId: string, userId: string, watching: boolean) {
  await db()
    .insert(cardWatchers)
    .values({ cardId, userId, workspaceId, watching })
    .onConflictDoUpdate({ target: [cardWatchers.cardId, cardWatchers.userId], set: { watching } });
}

export async function isWatching(workspaceId: string, cardId: string, userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ watching: cardWatchers.watching })
    .from(cardWatchers)
    .where(and(eq(cardWatchers.cardId, cardId), eq(cardWatchers.userId, userId), eq(cardWatchers.workspaceId, workspaceId)));
  return row?.watching ?? false;
}

/** Who watches a card (minus `except`). */
export async function watchersOf(workspaceId: string, cardId: string, except: readonly string[] = []): Promise<string[]> {
  const rows = await db()
    .select({ userId: cardWatchers.userId })
    .from(cardWatchers)
    .where(
      and(
        eq(cardWatchers.cardId, cardId),
        eq(cardWatchers.workspaceId, workspaceId),
        eq(cardWatchers.watching, true),
        except.length
          ? sql`${cardWatchers.userId} NOT IN (${sql.join(
              except.map((e) => sql`${e}`),
              sql`, `,
            )})`
          : undefined,
      ),
    );
  return rows.map((r) => r.userId);
}

/** What the bell shows: the unread count and the latest five. */
/** The bell in the header: the unread count and the latest five, in one statement (every signed-in page asks). */
export async function bellData(userId: string, workspaceId: string) {
  const mine = and(eq(notifications.userId, userId), eq(notifications.workspaceId, workspaceId));
  const rows = await db()
    .select({
      row: notifications,
      unread: sql<number>`(select count(*) from ${notifications} where ${and(mine, isNull(notifications.readAt))})`.mapWith(Number),
    })
    .from(notifications)
    .where(mine)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(5);
  // No notification at all: none unread either.
  return { unread: rows[0]?.unread ?? 0, latest: rows.map((r) => toView(r.row)) };
}
