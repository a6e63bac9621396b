import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import { normalizeEmail, validateNewPasswordForm } from "~/lib/auth-validation";
import { endSessionsOf, getSession, requireUser } from "../auth/session";
import { hashPassword, verifyPassword } from "../auth/password";
import { hashToken, randomToken } from "../auth/tokens";
import { db, schema } from "../db";
import { redirectWithToast } from "../http/flash";
import { firstIssue, formFailure as fail, stringFields } from "../http/forms";
import { appLink, MailError, sendMail } from "../mail";
import { hit, retryMessage } from "../rate-limit";

const { users, sessions, authTokens } = schema;

const CHANGE_EMAIL_HOURS = 24;

const profileIntent = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("update-profile"),
    fullName: z.string().trim().min(1, { message: "Full name is required" }).max(120, { message: "Keep your name under 120 characters." }),
    avatarUrl: z
      .string()
      .trim()
      .max(500)
      .refine((v) => v === "" || /^https:\/\/[^\s]+$/i.test(v), { message: "Use an https:// address for the avatar, or leave it empty." }),
  }),
  z.object({
    intent: z.literal("change-password"),
    currentPassword: z.string().optional(),
    password: z.string(),
    confirmPassword: z.string(),
  }),
  z.object({
    intent: z.literal("change-email"),
    email: z
      .string()
      .transform(normalizeEmail)
      .pipe(z.string().min(1, { message: "Email is required" }).email({ message: "Please enter a valid email address" })),
    currentPassword: z.string().optional(),
  }),
  z.object({ intent: z.literal("sign-out-others") }),
  z.object({ intent: z.literal("sign-out-session"), sessionId: z.string() }),
]);

export async function profileLoader(request: Request) {
  const user = await requireUser(request);
  const current = await getSession(request);
  const [row] = await db()
    .select({ passwordHash: users.passwordHash, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, user.id));
  const active = await db()
    .select({
      idHash: sessions.idHash,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt));
  const [pendingEmail] = await db()
    .select({ email: authTokens.data })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, user.id),
        eq(authTokens.purpose, "change-email"),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return {
    user: { fullName: user.fullName, email: user.email, avatarUrl: user.avatarUrl },
    hasPassword: !!row?.passwordHash,
    pendingEmail: (pendingEmail?.email as { newEmail?: string } | undefined)?.newEmail ?? null,
    sessions: active.map((s) => ({
      // The hash's prefix identifies a session in forms; the id itself never leaves the server.
      id: s.idHash.slice(0, 16),
      current: s.idHash === current?.idHash,
      createdAt: s.createdAt,
      userAgent: describeAgent(s.userAgent),
      ip: s.ip,
    })),
  };
}

export function describeAgent(ua: string | null): string {
  if (!ua) return "Unknown device";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Chrome\//.test(ua)
      ? "Chrome"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Safari\//.test(ua)
          ? "Safari"
          : "Browser";
  const os = /Windows/.test(ua)
    ? "Windows"
    : /Mac OS X/.test(ua)
      ? "macOS"
      : /Android/.test(ua)
        ? "Android"
        : /iPhone|iPad/.test(ua)
          ? "iOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}

export async function profileAction(request: Request) {
  const user = await requireUser(request);
  const current = await getSession(request);
  const form = await request.formData();
  const values = stringFields(form);
  const safeValues = { ...values, currentPassword: "", password: "", confirmPassword: "" };
  const parsed = profileIntent.safeParse(values);
  if (!parsed.success) {
    return fail(400, { intent: values.intent ?? "unknown", ...firstIssue(parsed.error), values: safeValues });
  }
  const input = parsed.data;
  switch (input.intent) {
    case "update-profile":
      await db()
        .update(users)
        .set({ fullName: input.fullName, avatarUrl: input.avatarUrl || null, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return redirectWithToast("/profile", { variant: "success", title: "Profile saved" }, { status: 303 });
    case "change-password": {
      const limited = await hit(`profile-password:${user.id}`, 10, 900);
      if (!limited.ok) return fail(429, { intent: input.intent, message: retryMessage(limited.retryAfterSeconds), values: safeValues });
      const [row] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      if (row?.passwordHash && !(await verifyPassword(input.currentPassword ?? "", row.passwordHash))) {
        return fail(400, {
          intent: input.intent,
          field: "currentPassword",
          message: "Your current password is not correct.",
          values: safeValues,
        });
      }
      const errors = validateNewPasswordForm({ password: input.password, confirmPassword: input.confirmPassword });
      const [field, message] = Object.entries(errors).find(([, m]) => m) ?? [];
      if (field && message) return fail(400, { intent: input.intent, field, message, values: safeValues });
      await db()
        .update(users)
        .set({ passwordHash: await hashPassword(input.password), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await endSessionsOf(user.id, current?.idHash);
      return redirectWithToast(
        "/profile",
        { variant: "success", title: "Password changed", description: "You were signed out everywhere else." },
        { status: 303 },
      );
    }
    case "change-email": {
      if (input.email === user.email)
        return fail(400, { intent: input.intent, field: "email", message: "That is already your e-mail address.", values: safeValues });
      const limited = await hit(`profile-email:${user.id}`, 5, 3600);
      if (!limited.ok) return fail(429, { intent: input.intent, message: retryMessage(limited.retryAfterSeconds), values: safeValues });
      const [row] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      if (row?.passwordHash && !(await verifyPassword(input.currentPassword ?? "", row.passwordHash))) {
        return fail(400, {
          intent: input.intent,
          field: "currentPassword",
          message: "Your current password is not correct.",
          values: safeValues,
        });
      }
      const [taken] = await db().select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (taken)
        return fail(400, {
          intent: input.intent,
          field: "email",
          message: "Another account uses that e-mail address.",
          values: safeValues,
        });
      const token = randomToken(32);
      await db()
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(authTokens.userId, user.id), eq(authTokens.purpose, "change-email"), isNull(authTokens.usedAt)));
      await db()
        .insert(authTokens)
        .values({
          purpose: "change-email",
          userId: user.id,
          email: input.email,
          tokenHash: hashToken(token),
          data: { newEmail: input.email },
          expiresAt: new Date(Date.now() + CHANGE_EMAIL_HOURS * 3600_000),
        });
      try {
        const link = appLink(`/account/confirm-email?token=${token}`);
        await sendMail({
          to: input.email,
          subject: "Confirm your new e-mail address for Atelier",
          text: `Confirm that ${input.email} is your new e-mail address for Atelier:\n\n${link}\n\nThe link works once and expires in ${CHANGE_EMAIL_HOURS} hours. Until then you keep signing in with ${user.email}.`,
          html: `<p>Confirm that <strong>${input.email}</strong> is your new e-mail address for Atelier.</p><p><a href="${link}">Confirm my new address</a></p><p>The link works once and expires in ${CHANGE_EMAIL_HOURS} hours.</p>`,
        });
      } catch (error) {
        if (error instanceof MailError) return fail(502, { intent: input.intent, message: error.message, values: safeValues });
        throw error;
      }
      return redirectWithToast(
        "/profile",
        { variant: "info", title: "Check your new inbox", description: `We sent a confirmation link to ${input.email}.` },
        { status: 303 },
      );
    }
    case "sign-out-others":
      await endSessionsOf(user.id, current?.idHash);
      return redirectWithToast("/profile", { variant: "success", title: "Signed out everywhere else" }, { status: 303 });
    case "sign-out-session": {
      const mine = await db().select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, user.id));
      const target = mine.find((s) => s.idHash.startsWith(input.sessionId) && input.sessionId.length === 16);
      if (!target) return fail(404, { intent: input.intent, message: "That session has already ended.", values: safeValues });
      await db()
        .delete(sessions)
        .where(and(eq(sessions.idHash, target.idHash), eq(sessions.userId, user.id)));
      return redirectWithToast("/profile", { variant: "success", title: "Session signed out" }, { status: 303 });
    }
  }
}

/** Opening the link shows a confirm button (the token is not spent); the POST spends it. */
export async function checkEmailChange(token: string | null) {
  if (!token) return null;
  const [row] = await db()
    .select({ id: authTokens.id, userId: authTokens.userId, data: authTokens.data })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, "change-email"),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, new Date()),
      ),
    );
  return row ? { id: row.id, userId: row.userId!, newEmail: String((row.data as { newEmail?: string }).newEmail ?? "") } : null;
}

export async function confirmEmailChange(token: string): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(authTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(authTokens.tokenHash, hashToken(token)),
          eq(authTokens.purpose, "change-email"),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: authTokens.userId, data: authTokens.data });
    if (!row?.userId)
      return {
        ok: false as const,
        message: "This confirmation link is invalid or has expired. Request the change again from your profile.",
      };
    const email = String((row.data as { newEmail?: string }).newEmail ?? "");
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) return { ok: false as const, message: "Another account now uses that e-mail address." };
    await tx.update(users).set({ email, emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, row.userId));
    return { ok: true as const, email };
  });
}
