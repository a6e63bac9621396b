import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { answer, cookiesFrom, get, post, sessionCookieFrom } from "../../tests/support/route-requests";
import { findUserByEmail } from "~/.server/auth/accounts";
import { signUpWithPassword } from "~/.server/auth/email-auth";
import { AUTH_TEXT } from "~/.server/auth/messages";
import { getUser } from "~/.server/auth/session";
import { readFlash } from "~/.server/http/flash";
import { outbox, resetMailForTests } from "~/.server/mail";
import { action, loader } from "./auth.verify.server";

const load = (request: Request) =>
  answer<{ state: string; email?: string; message?: string }>(loader({ request, params: {}, context: {} }));
const act = (request: Request) => answer<{ state: string; message?: string }>(action({ request, params: {}, context: {} }));

describe("/auth/verify", () => {
  beforeEach(async () => {
    await resetDb();
    resetMailForTests();
  });

  it("opening the link shows a confirm page without spending the token; the post verifies and signs in", async () => {
    await signUpWithPassword({ fullName: "Ada", email: "ada@example.com", password: "analytical" });
    const url = new URL(/https?:\/\/\S+/.exec(outbox[0]!.text)![0]);
    const path = url.pathname + url.search;
    expect((await load(get(path))).body).toEqual({ state: "ready", email: "ada@example.com" });
    expect((await load(get(path))).body).toEqual({ state: "ready", email: "ada@example.com" });
    expect((await findUserByEmail("ada@example.com"))!.emailVerifiedAt).toBeNull();

    const a = await act(post(path, { token: url.searchParams.get("token")! }, { Cookie: "atelier_session=stale" }));
    expect(a).toMatchObject({ status: 302, location: "/dashboard" });
    const session = sessionCookieFrom(a.headers)!;
    expect((await getUser(get("/dashboard", { Cookie: session })))?.email).toBe("ada@example.com");
    expect((await findUserByEmail("ada@example.com"))!.emailVerifiedAt).not.toBeNull();
    const flash = await readFlash(get("/dashboard", { Cookie: cookiesFrom(a.headers) }));
    expect(flash.toasts[0]).toMatchObject({ title: AUTH_TEXT.emailVerifiedTitle, variant: "success" });

    // Used: a clear page with a way to ask for a new link.
    expect(await load(get(path))).toMatchObject({ status: 400, body: { state: "invalid", message: AUTH_TEXT.verifyLinkInvalid } });
    expect(await act(post(path, {}))).toMatchObject({ status: 400, body: { state: "invalid" } });
  });

  it("calls an unknown token invalid", async () => {
    expect((await load(get("/auth/verify?token=nope"))).body).toEqual({ state: "invalid", message: AUTH_TEXT.verifyLinkInvalid });
    expect((await load(get("/auth/verify"))).body).toEqual({ state: "invalid", message: AUTH_TEXT.verifyLinkInvalid });
  });
});
