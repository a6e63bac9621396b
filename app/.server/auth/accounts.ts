import { createWorkspaceIn, defaultWorkspaceName } from "../workspaces";
import { acceptOpenInvitationsFor } from "../workspaces/invitations";
import { eq } from "drizzle-orm";
import { db, schema, type Db } from "../db";
import { hashPassword, verifyPassword } from "./password";

const { users } = schema;

/**
 * Local accounts. `createUser` is the one way an account comes to exist (e-mail
 * sign-up and OAuth both call it), so anything every new account needs is added
 * there, inside its transaction.
 */
export type Account = {
  id: string;
  email: string;
  fullName: string;
  passwordHash: string | null;
  emailVerifiedAt: Date | null;
};

const accountColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  passwordHash: users.passwordHash,
  emailVerifiedAt: users.emailVerifiedAt,
};

/** `email` must already be normalised (trimmed, lower case). */
export async function findUserByEmail(email: string): Promise<Account | null> {
  const [row] = await db().select(accountColumns).from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findUserById(id: string): Promise<Account | null> {
  const [row] = await db().select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export type NewAccount = {
  /** Given by an outside identity backend (the Supabase user id, decision 018); else generated. */
  id?: string;
  email: string;
  fullName: string;
  passwordHash?: string | null;
  emailVerified?: boolean;
  avatarUrl?: string | null;
};

/**
 * Creates the account, or returns null when the e-mail already has one (two
 * sign-ups racing for one address: the second gets null, not an error).
 * `afterCreate` runs in the same transaction (e.g. linking an OAuth identity).
 */
export async function createUser(input: NewAccount, afterCreate?: (tx: Db, user: Account) => Promise<void>): Promise<Account | null> {
  const created = await db().transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        ...(input.id ? { id: input.id } : {}),
        email: input.email,
        fullName: input.fullName.trim(),
        passwordHash: input.passwordHash ?? null,
        emailVerifiedAt: input.emailVerified ? new Date() : null,
        avatarUrl: input.avatarUrl ?? null,
      })
      .onConflictDoNothing({ target: users.email })
      .returning(accountColumns);
    if (!user) return null;
    // Every account starts with a workspace of its own (named after the person, renamable).
    await createWorkspaceIn(tx as unknown as Db, user.id, defaultWorkspaceName(user));
    if (afterCreate) await afterCreate(tx as unknown as Db, user);
    return user;
  });
  // An address that is verified from the start (OAuth) joins the workspaces it was invited to.
  if (created && input.emailVerified) await acceptOpenInvitationsFor(created.id, created.email);
  return created;
}

/** Marks the address verified, and joins the workspaces that invited it ("joins on verification"). */
export async function markEmailVerified(userId: string): Promise<void> {
  const now = new Date();
  const [row] = await db()
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  if (row) await acceptOpenInvitationsFor(userId, row.email);
}

export async function setPassword(userId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db().update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The account when the password is right, else null (same time either way). */
export async function verifyCredentials(email: string, password: string): Promise<Account | null> {
  const user = await findUserByEmail(email);
  const ok = await verifyPassword(password, user?.passwordHash);
  return ok && user ? user : null;
}
