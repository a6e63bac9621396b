import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { authedRequest, formRequest, makeUser } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { getSession } from "../auth/session";
import { db, schema } from "../db";
import { outbox, resetMailForTests } from "../mail";
import { checkEmailChange, confirmEmailChange, profileAction, profileLoader } from "./profile";

type Failed = { init: { status: number }; data: { field?: string; message: string; values: Record<string, string> } };

describe("profile", () => {
  beforeEach(async () => {
    await resetDb();
    resetMailForTests();
  });

  it("changes the password only with the current one, and ends the other sessions", async () => {
    const user = await makeUser({ password: "Old-Passw0rd" });
    const other = await authedRequest(user.id, "/dashboard");
    const here = await authedRequest(user.id, "/profile");
    const wrong = (await profileAction(
      formRequest(here, { intent: "change-password", currentPassword: "nope", password: "New-Passw0rd", confirmPassword: "New-Passw0rd" }),
    )) as unknown as Failed;
    expect(wrong.init.status).toBe(400);
    expect(wrong.data).toMatchObject({ field: "currentPassword", message: "Your current password is not correct." });
    expect(wrong.data.values.password).toBe("");

    const weak = (await profileAction(
      formRequest(here, {
        intent: "change-password",
        currentPassword: "Old-Passw0rd",
        password: "alllowercase1",
        confirmPassword: "alllowercase1",
      }),
    )) as unknown as Failed;
    expect(weak.data).toMatchObject({ field: "password", message: "Password must contain at least one uppercase letter" });

    const ok = (await profileAction(
      formRequest(here, {
        intent: "change-password",
        currentPassword: "Old-Passw0rd",
        password: "New-Passw0rd",
        confirmPassword: "New-Passw0rd",
      }),
    )) as Response;
    expect(ok.status).toBe(303);
    expect(await getSession(new Request(other.url, { headers: other.headers }))).toBeNull();
    expect(await getSession(new Request(here.url, { headers: here.headers }))).not.toBeNull();
  });

  it("changes the e-mail only after the new address confirms; opening the link spends nothing", async () => {
    const user = await makeUser({ password: "Old-Passw0rd" });
    const here = await authedRequest(user.id, "/profile");
    const res = (await profileAction(
      formRequest(here, { intent: "change-email", email: " New@Example.test ", currentPassword: "Old-Passw0rd" }),
    )) as Response;
    expect(res.status).toBe(303);
    const mail = outbox.at(-1)!;
    expect(mail.to).toBe("new@example.test");
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(mail.text).toContain("http://localhost:3000/account/confirm-email?token=");
    expect((await profileLoader(await authedRequest(user.id, "/profile"))).pendingEmail).toBe("new@example.test");
    expect(await checkEmailChange(token)).toMatchObject({ newEmail: "new@example.test" });
    expect(await checkEmailChange(token)).not.toBeNull();
    expect(await confirmEmailChange(token)).toEqual({ ok: true, email: "new@example.test" });
    expect(await confirmEmailChange(token)).toMatchObject({ ok: false });
    const [row] = await db().select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row!.email).toBe("new@example.test");
  });

  it("refuses an address another account uses", async () => {
    await makeUser({ email: "taken@example.test" });
    const user = await makeUser({ password: "Old-Passw0rd" });
    const r = (await profileAction(
      formRequest(await authedRequest(user.id, "/profile"), {
        intent: "change-email",
        email: "taken@example.test",
        currentPassword: "Old-Passw0rd",
      }),
    )) as unknown as Failed;
    expect(r.init.status).toBe(400);
    expect(r.data.message).toBe("Another account uses that e-mail address.");
  });

  it("signs out everywhere else", async () => {
    const user = await makeUser();
    const a = await authedRequest(user.id, "/x");
    const b = await authedRequest(user.id, "/profile");
    expect((await profileLoader(b)).sessions).toHaveLength(2);
    await profileAction(formRequest(b, { intent: "sign-out-others" }));
    expect(await getSession(new Request(a.url, { headers: a.headers }))).toBeNull();
    expect((await profileLoader(b)).sessions).toHaveLength(1);
  });
});
