// /search and /api/search: the signed-in member's workspace only, grouped results.
import { beforeEach, describe, expect, it } from "vitest";
import { plainText } from "~/lib/search";
import { authedRequest, makeOwner, memberOf } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { loadBoard } from "~/.server/projects/board-reads";
import { createCard } from "~/.server/projects/cards";
import { createProject } from "~/.server/projects/projects";
import { loader } from "./_app.search.server";
import { loader as apiLoader } from "./api.search.server";

beforeEach(resetDb);

async function ownerWithCard(title: string) {
  const { user } = await makeOwner();
  const owner = await memberOf(user.id);
  const project = await createProject(owner, { name: "Alpha" });
  const [first] = (await loadBoard(owner, project.id)).columns;
  await createCard(owner, project.id, { columnId: first!.id, title });
  return user;
}

async function body(result: unknown) {
  const r = (result instanceof Response ? { data: await result.json() } : result) as { data: unknown };
  return r.data as { q: string; total: number; groups: { kind: string; hits: { title: { text: string; mark: boolean }[] }[] }[] };
}

describe("/search", () => {
  it("answers the member's own workspace's matches, grouped", async () => {
    const ana = await ownerWithCard("Quarterly planning");
    const bob = await ownerWithCard("Quarterly review");
    const mine = await body(await loader({ request: await authedRequest(ana.id, "/search?q=quarterly"), params: {}, context: {} }));
    expect(mine.groups.map((g) => g.kind)).toEqual(["card"]);
    expect(mine.groups[0]!.hits.map((h) => plainText(h.title))).toEqual(["Quarterly planning"]);
    const theirs = await body(
      await apiLoader({ request: await authedRequest(bob.id, "/api/search?q=quarterly"), params: {}, context: {} }),
    );
    expect(theirs.groups[0]!.hits.map((h) => plainText(h.title))).toEqual(["Quarterly review"]);
  });

  it("answers a signed-out API caller 401 problem details, not a redirect", async () => {
    const answer = (await apiLoader({ request: new Request("http://localhost:3000/api/search?q=x"), params: {}, context: {} })) as Response;
    expect(answer.status).toBe(401);
    expect(answer.headers.get("content-type")).toContain("application/problem+json");
    expect(await answer.json()).toMatchObject({ status: 401, code: "unauthenticated" });
  });

  it("sends a signed-out visitor to sign in", async () => {
    await expect(loader({ request: new Request("http://localhost:3000/search?q=x"), params: {}, context: {} })).rejects.toMatchObject({
      status: 302,
    });
  });
});
