import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { authedRequest, makeUser } from "../../tests/support/factories";
import { answer, cookiesFrom, get, post } from "../../tests/support/route-requests";
import { requestPasswordReset, signInWithPassword } from "~/.server/auth/email-auth";
import { AUTH_TEXT } from "~/.server/auth/messages";
import { getUser } from "~/.server/auth/session";
import { db, schema } from "~/.server/db";
import { readFlash } from "~/.server/http/flash";
import { outbox, resetMailForTests } from "~/.server/mail";
import { AUTH_MESSAGES } from "~/lib/auth-validation";
import type { ResetPasswordLoaderData, ResetPasswordReply } from "~/lib/forms/auth";
import { action, loader } from "./reset-password.server";

const load = (request: Request) => answer<ResetPasswordLoaderData>(loader({ request, params: {}, context: {} }));
const act = (request: Request) => answer<ResetPasswordReply>(action({ request, params: {}, context: {} }));

/** The path and query of the link in the newest reset mail. */
async function mailedLink(email: string) {
  await requestPasswordReset(email);
  const url = new URL(/https?:\/\/\S+/.exec(outbox.at(-1)!.text)![0]);
  return url.pathname + url.search;
}

describe("/reset-password", () => {
  beforeEach(async () => {
    await resetDb();
    resetMailForTests();
  });

  it("calls a link without both tokens or with another type invalid", async () => {
    for (const path of [
      "/reset-password",
      "/reset-password?access_token=a&refresh_token=b",
      "/reset-password?access_token=a&type=recovery",
      "/reset-password?access_token=a&refresh_token=b&type=signup",
    ]) {
      const a = await load(get(path));
      expect(a.status, path).toBe(400);
      expect(a.body, path).toEqual({ state: "invalid", message: AUTH_TEXT.resetLinkMissing });
    }
    const unknown = await load(get("/reset-password?access_token=a&refresh_token=b&type=recovery"));
    expect(unknown.body).toEqual({ state: "invalid", message: AUTH_TEXT.resetLinkInvalid });
  });

  it("opening the link does not spend it; the post sets the password, ends every session and leaves a toast", async () => {
    const user = await makeUser({ email: "ada@example.com", password: "analytical" });
    const elsewhere = await authedRequest(user.id, "/dashboard");
    expect(await getUser(get("/dashboard", { Cookie: elsewhere.headers.get("Cookie")! }))).not.toBeNull();
    const link = await mailedLink("ada@example.com");
    expect((await load(get(link))).body).toEqual({ state: "ready" });
    expect((await load(get(link))).body).toEqual({ state: "ready" });

    const a = await act(post(link, { password: "NewPassw0rd", confirmPassword: "NewPassw0rd" }));
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ initialValue: null, passwordReset: true });
    const flash = await readFlash(get("/login", { Cookie: cookiesFrom(a.headers) }));
    expect(flash.toasts).toEqual([{ title: "Success", description: "Your password has been reset successfully!", variant: "success" }]);

    expect(await db().select().from(schema.sessions).where(eq(schema.sessions.userId, user.id))).toHaveLength(0);
    expect(await getUser(get("/dashboard", { Cookie: elsewhere.headers.get("Cookie")! }))).toBeNull();
    expect((await signInWithPassword("ada@example.com", "NewPassw0rd")).ok).toBe(true);

    // Spent: the link is now invalid, and posting again fails with the spec's message.
    expect((await load(get(link))).body).toEqual({ state: "invalid", message: AUTH_TEXT.resetLinkInvalid });
    const again = await act(post(link, { password: "Another0ne", confirmPassword: "Another0ne" }));
    expect(again).toMatchObject({ status: 400, body: { status: "error", error: { "": [AUTH_TEXT.resetFailed] } } });
    expect(JSON.stringify(again.body)).not.toContain("Another0ne");
  });

  it("checks the new password's rules on the server (400, field messages, no password sent back), keeping the link unspent", async () => {
    await makeUser({ email: "ada@example.com", password: "analytical" });
    const link = await mailedLink("ada@example.com");
    const cases: [string, string, Partial<Record<"password" | "confirmPassword", string>>][] = [
      ["short1A", "short1A", { password: AUTH_MESSAGES.passwordTooShort }],
      ["ALLUPPER1", "ALLUPPER1", { password: AUTH_MESSAGES.passwordNeedsLowercase }],
      ["alllower1", "alllower1", { password: AUTH_MESSAGES.passwordNeedsUppercase }],
      ["NoDigitsHere", "NoDigitsHere", { password: AUTH_MESSAGES.passwordNeedsNumber }],
      ["NewPassw0rd", "NewPassw0rD", { confirmPassword: AUTH_MESSAGES.passwordsDiffer }],
    ];
    for (const [password, confirmPassword, fieldErrors] of cases) {
      const a = await act(post(link, { password, confirmPassword }));
      expect(a.status).toBe(400);
      expect(a.body!.error).toEqual(Object.fromEntries(Object.entries(fieldErrors).map(([field, message]) => [field, [message]])));
      expect(JSON.stringify(a.body)).not.toContain(password);
    }
    expect((await load(get(link))).body).toEqual({ state: "ready" });
  });

  it("sends a signed-in visitor to /dashboard (a public route)", async () => {
    const user = await makeUser();
    expect(await load(await authedRequest(user.id, "/reset-password"))).toMatchObject({ status: 302, location: "/dashboard" });
  });
});
