// The loaders and actions of the UI's routes, called for real against the database.
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../tests/support/db";
import { authedRequest, formRequest, makeUser } from "../../tests/support/factories";
import { loader as appLayoutLoader } from "./_app";
import { action as sidebarAction } from "./_app.preferences.sidebar";
import { loader as landingLoader } from "./_index";
import { loader as unknownApiLoader } from "./api.$";
import { loader as unknownPathLoader } from "./$";

type LoaderArgs = Parameters<typeof appLayoutLoader>[0];
const args = (request: Request): LoaderArgs => ({ request, params: {}, context: {} });
const anonymous = (path: string, init?: RequestInit) => new Request(`http://localhost:3000${path}`, init);

/** What a loader threw or returned, as a Response (redirects are thrown). */
async function settle(p: Promise<unknown> | unknown): Promise<unknown> {
  try {
    return await p;
  } catch (thrown) {
    return thrown;
  }
}

beforeEach(resetDb);

describe("_app (the signed-in layout)", () => {
  it("sends a signed-out visitor to /, remembering where they were going", async () => {
    const res = (await settle(appLayoutLoader(args(anonymous("/projects?q=x"))))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/?redirectTo=${encodeURIComponent("/projects?q=x")}`);
  });

  it("gives the shell the user and the sidebar preference", async () => {
    const user = await makeUser({ fullName: "Jane Doe" });
    const request = await authedRequest(user.id, "/dashboard");
    const result = (await appLayoutLoader(args(request))) as unknown as { data: Record<string, unknown> };
    expect(result.data).toMatchObject({
      user: { email: user.email, fullName: "Jane Doe", avatarUrl: null },
      sidebarCollapsed: false,
    });
  });

  it("reads a collapsed sidebar from its cookie (the plain value, and the first version's encoding)", async () => {
    const user = await makeUser();
    for (const [value, collapsed] of [
      ["collapsed", true],
      ["ImNvbGxhcHNlZCI%3D", true],
      ["expanded", false],
    ] as const) {
      const request = await authedRequest(user.id, "/dashboard");
      request.headers.set("Cookie", `${request.headers.get("Cookie")}; atelier_sidebar=${value}`);
      const result = (await appLayoutLoader(args(request))) as unknown as { data: { sidebarCollapsed: boolean } };
      expect(result.data.sidebarCollapsed).toBe(collapsed);
    }
  });
});

describe("POST /preferences/sidebar", () => {
  it("sets the cookie and, for the plain form, redirects back", async () => {
    const user = await makeUser();
    const request = formRequest(await authedRequest(user.id, "/preferences/sidebar"), {
      collapsed: "true",
      redirectTo: "/projects?q=a",
    });
    const res = (await settle(sidebarAction(args(request)))) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/projects?q=a");
    expect(res.headers.get("Set-Cookie")).toBe("atelier_sidebar=collapsed; Path=/; Max-Age=31536000; SameSite=Lax");
  });

  it("answers the script's fetch with 204 and never redirects off-site", async () => {
    const user = await makeUser();
    const base = await authedRequest(user.id, "/preferences/sidebar");
    const fetchRes = (await sidebarAction(args(formRequest(base, { collapsed: "false" })))) as Response;
    expect(fetchRes.status).toBe(204);
    expect(fetchRes.headers.get("Set-Cookie")).toMatch(/^atelier_sidebar=expanded;/);
    const offsite = (await settle(sidebarAction(args(formRequest(base, { collapsed: "true", redirectTo: "//evil.example" }))))) as Response;
    expect(offsite.headers.get("Location")).toBe("/dashboard");
  });

  it("refuses a bad value and a signed-out visitor", async () => {
    const user = await makeUser();
    const bad = (await sidebarAction(
      args(formRequest(await authedRequest(user.id, "/preferences/sidebar"), { collapsed: "maybe" })),
    )) as Response;
    expect(bad.status).toBe(400);
    const signedOut = (await settle(
      sidebarAction(args(formRequest(anonymous("/preferences/sidebar"), { collapsed: "true" }))),
    )) as Response;
    expect(signedOut.headers.get("Location")).toMatch(/^\/\?redirectTo=/);
  });
});

describe("/ (the landing page)", () => {
  it("sends a signed-in user to /dashboard", async () => {
    const user = await makeUser();
    const res = (await settle(landingLoader(args(await authedRequest(user.id, "/"))))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
  });

  it("renders the status dots from the server's own checks, and the page's words", async () => {
    const result = (await landingLoader(args(anonymous("/")))) as unknown as {
      data: { status: { api: boolean; gateway: boolean }; redirectTo: string | null; content: { features: { items: unknown[] } } };
    };
    expect(result.data.status).toEqual({ api: true, gateway: true });
    expect(result.data.redirectTo).toBeNull();
    expect(result.data.content.features.items).toHaveLength(6);
  });

  it("passes on a same-origin redirectTo only", async () => {
    const ok = (await landingLoader(args(anonymous("/?redirectTo=%2Fteam")))) as unknown as { data: { redirectTo: string } };
    expect(ok.data.redirectTo).toBe("/team");
    const evil = (await landingLoader(args(anonymous("/?redirectTo=https%3A%2F%2Fevil.example")))) as unknown as {
      data: { redirectTo: string | null };
    };
    expect(evil.data.redirectTo).toBeNull();
  });
});

describe("fallback routes", () => {
  it("redirects any unknown path to /", async () => {
    const res = unknownPathLoader() as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
  });

  it("answers an unknown /api path with 404", () => {
    const result = unknownApiLoader() as unknown as { init: { status: number }; data: unknown };
    expect(result.init.status).toBe(404);
    expect(result.data).toEqual({ viaClientRouter: false });
  });
});
