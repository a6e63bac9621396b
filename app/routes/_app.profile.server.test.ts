import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { authedRequest, formRequest, makeUser } from "../../tests/support/factories";
import { answer } from "../../tests/support/route-requests";
import { checkEmailChange, confirmEmailChange } from "~/.server/account/profile";
import { getSession } from "~/.server/auth/session";
import { db, schema } from "~/.server/db";
import { outbox, resetMailForTests } from "~/.server/mail";
import { type ProfilePageData, type ProfileReply, PROFILE_TEXT, type TimeZoneFormData } from "~/lib/forms/account";
import { action, loader } from "./_app.profile.server";

/** A form post from the profile page, as a browser without JavaScript sends it. */
const act = (request: Request) => answer<ProfileReply>(action({ request, params: {}, context: {} }));
const load = async (request: Request) =>
  (await answer<ProfilePageData & TimeZoneFormData>(loader({ request, params: {}, context: {} }))).body!;

describe("/profile", () => {
  beforeEach(async () => {
    await resetDb();
    resetMailForTests();
  });

  it("sends a signed-out visitor to /", async () => {
    const signedOut = new Request("http://localhost:3000/profile", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "sign-out-others" }),
    });
    expect(await act(signedOut)).toMatchObject({ status: 302, location: "/?redirectTo=%2Fprofile" });
  });

  it("changes the password only with the current one, and ends the other sessions", async () => {
    const user = await makeUser({ password: "Old-Passw0rd" });
    const other = await authedRequest(user.id, "/dashboard");
    const here = await authedRequest(user.id, "/profile");
    const wrong = await act(
      formRequest(here, { intent: "change-password", currentPassword: "nope", password: "New-Passw0rd", confirmPassword: "New-Passw0rd" }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body!.error).toEqual({ currentPassword: [PROFILE_TEXT.currentPasswordWrong] });
    expect(JSON.stringify(wrong.body)).not.toContain("Passw0rd");
    expect(JSON.stringify(wrong.body)).not.toContain("nope");

    const weak = await act(
      formRequest(here, {
        intent: "change-password",
        currentPassword: "Old-Passw0rd",
        password: "alllowercase1",
        confirmPassword: "alllowercase1",
      }),
    );
    expect(weak.body!.error).toEqual({ password: ["Password must contain at least one uppercase letter"] });

    const ok = await act(
      formRequest(here, {
        intent: "change-password",
        currentPassword: "Old-Passw0rd",
        password: "New-Passw0rd",
        confirmPassword: "New-Passw0rd",
      }),
    );
    expect(ok).toMatchObject({ status: 303, location: "/profile" });
    expect(await getSession(new Request(other.url, { headers: other.headers }))).toBeNull();
    expect(await getSession(new Request(here.url, { headers: here.headers }))).not.toBeNull();
  });

  it("answers a bad post with 400 and every field's message at once, sending no password back", async () => {
    const user = await makeUser({ password: "Old-Passw0rd" });
    const here = await authedRequest(user.id, "/profile");
    const bad = await act(
      formRequest(here, { intent: "change-password", currentPassword: "Old-Passw0rd", password: "short", confirmPassword: "" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body!.error).toEqual({
      password: ["Password must be at least 8 characters long"],
      confirmPassword: ["Please confirm your password"],
    });
    expect(bad.body!.initialValue).toEqual({ intent: "change-password" });
    const profile = await act(formRequest(here, { intent: "update-profile", fullName: "", avatarUrl: "ftp://x" }));
    expect(profile.body!.error).toEqual({ fullName: ["Full name is required"], avatarUrl: [PROFILE_TEXT.avatarNotHttps] });
    expect(profile.body!.initialValue).toEqual({ intent: "update-profile", avatarUrl: "ftp://x" });
  });

  it("saves the name and avatar", async () => {
    const user = await makeUser();
    const here = await authedRequest(user.id, "/profile");
    const res = await act(formRequest(here, { intent: "update-profile", fullName: " Ada King ", avatarUrl: "https://x.example/a.png" }));
    expect(res).toMatchObject({ status: 303, location: "/profile" });
    expect((await load(here)).user).toEqual({ fullName: "Ada King", email: user.email, avatarUrl: "https://x.example/a.png" });
  });

  it("has no time zone until one is chosen or detected (UTC, said on the page), and lists the zones", async () => {
    const user = await makeUser();
    const data = await load(await authedRequest(user.id, "/profile"));
    expect(data.timeZone).toBeNull();
    expect(data.timeZones[0]).toBe("UTC");
    expect(data.timeZones).toContain("Pacific/Honolulu");
  });

  it("stores the zone the browser reported (its cookie) once, and never over a chosen one", async () => {
    const user = await makeUser();
    const here = await authedRequest(user.id, "/profile");
    const withZone = (zone: string) => {
      const headers = new Headers(here.headers);
      headers.set("Cookie", `${here.headers.get("Cookie")}; atelier_tz=${encodeURIComponent(zone)}`);
      return new Request(here.url, { headers });
    };
    expect((await load(withZone("Pacific/Apia"))).timeZone).toBe("Pacific/Apia");
    const [row] = await db().select({ timeZone: schema.users.timeZone }).from(schema.users).where(eq(schema.users.id, user.id));
    expect(row!.timeZone).toBe("Pacific/Apia");
    // Another browser, in another zone, does not change it: the first detection or a choice stands.
    expect((await load(withZone("Europe/Berlin"))).timeZone).toBe("Pacific/Apia");
    // Nonsense in the cookie is ignored.
    const other = await makeUser();
    const there = await authedRequest(other.id, "/profile");
    const headers = new Headers(there.headers);
    headers.set("Cookie", `${there.headers.get("Cookie")}; atelier_tz=Mars%2FOlympus`);
    expect((await load(new Request(there.url, { headers }))).timeZone).toBeNull();
  });

  it("saves the chosen time zone, and refuses one that is not in the list", async () => {
    const user = await makeUser();
    const here = await authedRequest(user.id, "/profile");
    const res = await act(formRequest(here, { intent: "update-time-zone", timeZone: "America/New_York" }));
    expect(res).toMatchObject({ status: 303, location: "/profile" });
    expect((await load(here)).timeZone).toBe("America/New_York");
    const bad = await act(formRequest(here, { intent: "update-time-zone", timeZone: "Mars/Olympus" }));
    expect(bad.status).toBe(400);
    expect(bad.body?.error?.timeZone).toEqual([PROFILE_TEXT.timeZoneUnknown]);
    expect((await load(here)).timeZone).toBe("America/New_York");
  });

  it("changes the e-mail only after the new address confirms; opening the link spends nothing", async () => {
    const user = await makeUser({ password: "Old-Passw0rd" });
    const here = await authedRequest(user.id, "/profile");
    const res = await act(formRequest(here, { intent: "change-email", email: " New@Example.test ", currentPassword: "Old-Passw0rd" }));
    expect(res.status).toBe(303);
    const mail = outbox.at(-1)!;
    expect(mail.to).toBe("new@example.test");
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(mail.text).toContain("http://localhost:3000/account/confirm-email?token=");
    expect((await load(await authedRequest(user.id, "/profile"))).pendingEmail).toBe("new@example.test");
    expect(await checkEmailChange(token)).toMatchObject({ newEmail: "new@example.test" });
    expect(await checkEmailChange(token)).not.toBeNull();
    expect(await confirmEmailChange(token)).toEqual({ ok: true, email: "new@example.test" });
    expect(await confirmEmailChange(token)).toMatchObject({ ok: false });
    const [row] = await db().select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row!.email).toBe("new@example.test");
  });

  it("refuses an address another account uses, and the current one", async () => {
    await makeUser({ email: "taken@example.test" });
    const user = await makeUser({ password: "Old-Passw0rd" });
    const here = await authedRequest(user.id, "/profile");
    const taken = await act(formRequest(here, { intent: "change-email", email: "taken@example.test", currentPassword: "Old-Passw0rd" }));
    expect(taken.status).toBe(400);
    expect(taken.body!.error).toEqual({ email: [PROFILE_TEXT.emailTaken] });
    const same = await act(formRequest(here, { intent: "change-email", email: user.email, currentPassword: "Old-Passw0rd" }));
    expect(same.body!.error).toEqual({ email: [PROFILE_TEXT.sameEmail] });
    expect(outbox).toEqual([]);
  });

  it("signs out everywhere else, or one session", async () => {
    const user = await makeUser();
    const a = await authedRequest(user.id, "/x");
    const b = await authedRequest(user.id, "/profile");
    expect((await load(b)).sessions).toHaveLength(2);
    await act(formRequest(b, { intent: "sign-out-others" }));
    expect(await getSession(new Request(a.url, { headers: a.headers }))).toBeNull();
    expect((await load(b)).sessions).toHaveLength(1);

    const c = await authedRequest(user.id, "/x");
    const other = (await load(b)).sessions.find((s) => !s.current)!;
    expect(await act(formRequest(b, { intent: "sign-out-session", sessionId: other.id }))).toMatchObject({ status: 303 });
    expect(await getSession(new Request(c.url, { headers: c.headers }))).toBeNull();
    const gone = await act(formRequest(b, { intent: "sign-out-session", sessionId: other.id }));
    expect(gone.status).toBe(404);
    expect(gone.body!.error).toEqual({ "": [PROFILE_TEXT.sessionGone] });
  });
});
