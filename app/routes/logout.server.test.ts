import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { authedRequest, makeUser } from "../../tests/support/factories";
import { answer } from "../../tests/support/route-requests";
import { getUser } from "~/.server/auth/session";
import { db, schema } from "~/.server/db";
import { action, loader } from "./logout.server";

describe("/logout", () => {
  beforeEach(resetDb);

  it("POST ends the session row, clears the cookie and lands on /", async () => {
    const user = await makeUser();
    const signedIn = await authedRequest(user.id, "/logout", { method: "POST" });
    const a = await answer(action({ request: signedIn, params: {}, context: {} }));
    expect(a).toMatchObject({ status: 302, location: "/" });
    expect(a.headers.getSetCookie().join()).toMatch(/atelier_session=;.*Max-Age=0/);
    expect(await db().select().from(schema.sessions)).toHaveLength(0);
    const replay = new Request("http://localhost:3000/dashboard", { headers: { Cookie: signedIn.headers.get("Cookie")! } });
    expect(await getUser(replay)).toBeNull();
  });

  it("GET does not sign out", async () => {
    const user = await makeUser();
    await authedRequest(user.id, "/logout");
    expect(await answer(loader())).toMatchObject({ status: 302, location: "/" });
    expect(await db().select().from(schema.sessions)).toHaveLength(1);
  });
});
