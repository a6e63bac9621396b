import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, makeOwner, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { API_SCOPE_KINDS, type ApiScope } from "~/lib/api-keys";
import { loader as boardLoader, boardApiAction } from "~/routes/api.projects.$id.board.server";
import { RESOURCE_KINDS } from "../access";
import { hashToken } from "../auth/tokens";
import { db, schema } from "../db";
import { apiMember } from "../http/api-member";
import { loadBoard } from "../projects/board-reads";
import { createProject } from "../projects/projects";
import { apiCallsThisMonth } from "../workspaces/api-usage";
import { createApiKey, listApiKeys, revokeApiKey } from ".";

const URL_BASE = "http://localhost:3000";
const keyed = (key: string, path = "/api/projects", init: RequestInit = {}) =>
  new Request(`${URL_BASE}${path}`, { ...init, headers: { Authorization: `Bearer ${key}`, ...init.headers } });

async function ownerWithProject() {
  const { user, workspace } = await makeOwner();
  const member = await memberOf(user.id);
  const project = await createProject(member, { name: "Keys" });
  return { user, workspace, member, project };
}

const makeKey = (
  member: Awaited<ReturnType<typeof memberOf>>,
  scopes: ApiScope[],
  over: { type?: "workspace" | "personal"; expiresInDays?: "30" | "never" } = {},
) => createApiKey(member, { type: over.type ?? "workspace", name: "Script", scopes, expiresInDays: over.expiresInDays ?? "never" });

async function problemOf(response: Response | unknown) {
  expect(response).toBeInstanceOf(Response);
  const r = response as Response;
  return { status: r.status, headers: r.headers, body: (await r.json()) as { code: string; detail: string } };
}

describe("API keys", () => {
  beforeEach(resetDb);

  it("are shown once with a recognisable prefix and stored only as the SHA-256 of the whole key", async () => {
    const { member } = await ownerWithProject();
    const { id, key } = await makeKey(member, ["project:read"]);
    expect(key).toMatch(/^atl_test_[a-z2-7]{12}_[A-Za-z0-9_-]{43}$/);
    const [row] = await db().select().from(schema.apiKeys).where(eq(schema.apiKeys.id, id));
    expect(row!.secretHash).toBe(hashToken(key));
    expect(JSON.stringify(row)).not.toContain(key.slice(-43));
    const [listed] = await listApiKeys(member);
    expect(listed).toMatchObject({ id, name: "Script", type: "workspace", scopes: ["project:read"], revokedAt: null });
    expect(listed!.hint).toBe(`${key.slice(0, 22)}…`);
  });

  it("resolve to a member of their workspace, and record when and from where they were last used", async () => {
    const { member, workspace } = await ownerWithProject();
    const { id, key } = await makeKey(member, ["project:read"]);
    const request = keyed(key, "/api/projects", { headers: { "X-Atelier-Client-Ip": "203.0.113.7" } });
    const resolved = await apiMember(request, "project");
    expect(resolved).not.toBeInstanceOf(Response);
    expect(resolved).toMatchObject({ workspace: { id: workspace.id }, role: "admin", user: { id: member.user.id } });
    const [row] = await db().select().from(schema.apiKeys).where(eq(schema.apiKeys.id, id));
    expect(row!.lastUsedIp).toBe("203.0.113.7");
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
    expect(await apiCallsThisMonth(workspace.id)).toBe(1);
  });

  it("refuse a key that was revoked, has expired, or was never issued, with 401 and WWW-Authenticate", async () => {
    const { member } = await ownerWithProject();
    const revoked = await makeKey(member, ["project:read"]);
    await revokeApiKey(member, revoked.id);
    const gone = await problemOf(await apiMember(keyed(revoked.key), "project"));
    expect(gone.status).toBe(401);
    expect(gone.body.code).toBe("key_revoked");
    expect(gone.headers.get("WWW-Authenticate")).toMatch(/^Bearer realm="atelier", error="invalid_token"/);

    const old = await makeKey(member, ["project:read"], { expiresInDays: "30" });
    await db()
      .update(schema.apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.apiKeys.id, old.id));
    const expired = await problemOf(await apiMember(keyed(old.key), "project"));
    expect([expired.status, expired.body.code]).toEqual([401, "key_expired"]);

    // The right public id with a wrong secret, and a key-shaped string no one issued.
    const forged = revoked.key.slice(0, -4) + "AAAA";
    for (const key of [forged, "atl_test_aaaaaaaaaaaa_" + "B".repeat(43), "atl_nonsense"]) {
      const refused = await problemOf(await apiMember(keyed(key), "project"));
      expect([refused.status, refused.body.code]).toEqual([401, "invalid_key"]);
    }
  });

  it("refuse what their scopes do not cover, at the edge and in the service, with 403 insufficient_scope", async () => {
    const { member, project } = await ownerWithProject();
    const { key } = await makeKey(member, ["card:read"]);
    const edge = await problemOf(
      await boardLoader({ request: keyed(key, `/api/projects/${project.id}/board`), params: { id: project.id }, context: {} }),
    );
    expect([edge.status, edge.body.code]).toEqual([403, "insufficient_scope"]);
    expect(edge.headers.get("WWW-Authenticate")).toBe('Bearer realm="atelier", error="insufficient_scope", scope="project:read"');

    const reader = await makeKey(member, ["project:read", "card:read"]);
    const column = (await loadBoard(member, project.id)).columns[0]!.id;
    const write = await problemOf(
      await boardApiAction(
        keyed(reader.key, `/api/projects/${project.id}/board`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ intent: "create-card", columnId: column, title: "Not allowed" }),
        }),
        project.id,
      ),
    );
    expect([write.status, write.body.code]).toEqual([403, "insufficient_scope"]);
    expect(write.body.detail).toContain("card:write");

    const writer = await makeKey(member, ["project:read", "card:write"]);
    const created = await boardApiAction(
      keyed(writer.key, `/api/projects/${project.id}/board`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ intent: "create-card", columnId: column, title: "Made by a key" }),
      }),
      project.id,
    );
    expect(created.status).toBe(200);
  });

  it("never reach beyond their workspace: a key of A asking for B's project is told it does not exist", async () => {
    const a = await ownerWithProject();
    const b = await ownerWithProject();
    const { key } = await makeKey(a.member, ["project:write", "card:write"]);
    const response = await boardLoader({
      request: keyed(key, `/api/projects/${b.project.id}/board`),
      params: { id: b.project.id },
      context: {},
    });
    expect(response.status).toBe(404);
    // A's own project answers.
    const own = await boardLoader({
      request: keyed(key, `/api/projects/${a.project.id}/board`),
      params: { id: a.project.id },
      context: {},
    });
    expect(own.status).toBe(200);
  });

  it("personal keys act as their user with the user's role, and stop when the user leaves the workspace", async () => {
    const { workspace } = await ownerWithProject();
    const viewer = await makeUser();
    await addMember(workspace.id, viewer.id, "viewer");
    const viewerMember = await memberOf(viewer.id);
    const { key } = await makeKey(viewerMember, ["project:write", "card:write"], { type: "personal" });
    const resolved = await apiMember(keyed(key), "project");
    expect(resolved).toMatchObject({ role: "viewer", user: { id: viewer.id } });
    const change = await problemOf(await apiMember(keyed(key), "project", "create"));
    expect([change.status, change.body.code]).toEqual([403, "forbidden"]);

    await db().delete(schema.memberships).where(eq(schema.memberships.userId, viewer.id));
    const left = await problemOf(await apiMember(keyed(key), "project"));
    expect([left.status, left.body.code]).toEqual([401, "key_revoked"]);
  });

  it("workspace keys are made, seen and revoked by owners and admins only; personal keys by their user only", async () => {
    const { member, workspace } = await ownerWithProject();
    const person = await makeUser();
    await addMember(workspace.id, person.id, "member");
    const plain = await memberOf(person.id);
    await expect(makeKey(plain, ["project:read"])).rejects.toMatchObject({ status: 403 });
    const mine = await makeKey(plain, ["project:read"], { type: "personal" });
    const workspaceKey = await makeKey(member, ["project:read"]);
    const ownersPersonal = await makeKey(member, ["project:read"], { type: "personal" });

    expect((await listApiKeys(plain)).map((k) => k.id)).toEqual([mine.id]);
    expect((await listApiKeys(member)).map((k) => k.id).sort()).toEqual([workspaceKey.id, ownersPersonal.id].sort());
    await expect(revokeApiKey(plain, workspaceKey.id)).rejects.toMatchObject({ status: 403 });
    await expect(revokeApiKey(plain, ownersPersonal.id)).rejects.toMatchObject({ status: 404 });
    await expect(revokeApiKey(member, mine.id)).rejects.toMatchObject({ status: 404 });

    // Another workspace's owner cannot touch them either.
    const other = await ownerWithProject();
    await expect(revokeApiKey(other.member, workspaceKey.id)).rejects.toMatchObject({ status: 404 });
  });

  it("scope kinds are the access gate's resource kinds", () => {
    expect(API_SCOPE_KINDS.map((k) => k.kind).sort()).toEqual([...RESOURCE_KINDS].sort());
  });
});
