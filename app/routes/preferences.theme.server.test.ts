import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { authedRequest, formRequest, makeUser } from "../../tests/support/factories";
import { answer, get, post } from "../../tests/support/route-requests";
import { db, schema } from "~/.server/db";
import { themeCookieHeader, themeFor, themeIn } from "~/.server/preferences/theme";
import { loader as rootLoader } from "~/root";
import { action } from "./preferences.theme.server";

const act = (request: Request) => answer(action({ request, params: {}, context: {} }));
const rootTheme = async (request: Request) =>
  (await answer<{ theme: string }>(rootLoader({ request, params: {}, context: {} }))).body!.theme;

describe("the theme cookie", () => {
  it("reads system, light or dark and nothing else", () => {
    expect(themeIn("atelier_theme=dark")).toBe("dark");
    expect(themeIn("a=b; atelier_theme=light; c=d")).toBe("light");
    expect(themeIn("atelier_theme=purple")).toBeNull();
    expect(themeIn("xatelier_theme=dark")).toBeNull();
    expect(themeIn(null)).toBeNull();
  });

  it("is a plain, year-long, site-wide cookie", () => {
    expect(themeCookieHeader("dark")).toBe("atelier_theme=dark; Path=/; Max-Age=31536000; SameSite=Lax");
  });

  it("gives way to the signed-in user's stored choice; System when there is neither", () => {
    expect(themeFor({ theme: "light" }, "atelier_theme=dark")).toBe("light");
    expect(themeFor(null, "atelier_theme=dark")).toBe("dark");
    expect(themeFor(null, null)).toBe("system");
  });
});

describe("POST /preferences/theme", () => {
  beforeEach(resetDb);

  it("stores a signed-in user's choice, sets the cookie and goes back to /profile; the next page renders in it", async () => {
    const user = await makeUser();
    const here = await authedRequest(user.id, "/profile");
    expect(await rootTheme(here)).toBe("system");

    const res = await act(
      formRequest(new Request(new URL("/preferences/theme", here.url), { headers: here.headers }), {
        theme: "dark",
        redirectTo: "/profile",
      }),
    );
    expect(res).toMatchObject({ status: 303, location: "/profile" });
    expect(res.headers.get("Set-Cookie")).toContain("atelier_theme=dark");
    const [row] = await db().select({ theme: schema.users.theme }).from(schema.users).where(eq(schema.users.id, user.id));
    expect(row!.theme).toBe("dark");

    // Another browser (no theme cookie) gets the stored choice at its first page.
    expect(await rootTheme(await authedRequest(user.id, "/dashboard"))).toBe("dark");
  });

  it("for a signed-out visitor, only sets the cookie, which the next page reads", async () => {
    const res = await act(post("/preferences/theme", { theme: "light", redirectTo: "/" }));
    expect(res).toMatchObject({ status: 303, location: "/" });
    expect(res.headers.get("Set-Cookie")).toContain("atelier_theme=light");
    expect(await rootTheme(get("/", { Cookie: "atelier_theme=light" }))).toBe("light");
    expect(await rootTheme(get("/"))).toBe("system");
  });

  it("refuses anything but the three themes, and an outside redirect", async () => {
    expect((await act(post("/preferences/theme", { theme: "sepia" }))).status).toBe(400);
    expect(await act(post("/preferences/theme", { theme: "dark", redirectTo: "//evil.example" }))).toMatchObject({ location: "/" });
  });
});
