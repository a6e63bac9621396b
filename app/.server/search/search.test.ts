// Workspace search: ranking, scoping to the member's workspace, typos (pg_trgm), `#12`,
// comments, members, and highlighting that never lets a title's HTML through.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { plainText, type SearchResults } from "~/lib/search";
import { addMember, makeOwner, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { loadBoard } from "../projects/board-reads";
import { createCard } from "../projects/cards";
import { addComment } from "../projects/comments";
import { createProject } from "../projects/projects";
import { search } from "./index";

beforeEach(resetDb);

async function workspaceWithCards(name: string, titles: string[]) {
  const { user, workspace } = await makeOwner({ fullName: name });
  const owner = await memberOf(user.id);
  const project = await createProject(owner, { name: `${name} project` });
  const [first] = (await loadBoard(owner, project.id)).columns;
  const cards = [];
  for (const title of titles) cards.push(await createCard(owner, project.id, { columnId: first!.id, title }));
  return { owner, workspace, project, cards };
}

const titlesOf = (r: SearchResults, kind = "card") => r.groups.find((g) => g.kind === kind)?.hits.map((h) => plainText(h.title)) ?? [];

describe("search", () => {
  it("finds cards by title, ranks a title match above a description-only one, and links to the card", async () => {
    const { owner, project, cards } = await workspaceWithCards("Ana", ["Invoice export", "Unrelated"]);
    await db().update(schema.cards).set({ description: "mentions invoice once" }).where(eq(schema.cards.id, cards[1]!.id));
    const r = await search(owner, "invoice");
    expect(titlesOf(r)).toEqual(["Invoice export", "Unrelated"]);
    const hit = r.groups.find((g) => g.kind === "card")!.hits[0]!;
    expect(hit.href).toBe(`/projects/${project.id}?task=${cards[0]!.id}`);
    expect(hit.title).toEqual([
      { text: "Invoice", mark: true },
      { text: " export", mark: false },
    ]);
  });

  it("never shows another workspace's cards, projects or members", async () => {
    const a = await workspaceWithCards("Ana", ["Secret roadmap"]);
    const b = await workspaceWithCards("Bob", ["Public roadmap"]);
    const r = await search(b.owner, "roadmap");
    expect(titlesOf(r)).toEqual(["Public roadmap"]);
    expect(titlesOf(await search(b.owner, "Ana"), "member")).toEqual([]);
    expect(titlesOf(await search(b.owner, "Ana"), "project")).toEqual([]);
    expect(titlesOf(await search(a.owner, "Ana"), "member")).toEqual(["Ana"]);
  });

  it("lets a viewer find the workspace's cards, projects and members", async () => {
    const { workspace } = await workspaceWithCards("Ana", ["Launch checklist"]);
    const v = await makeUser({ fullName: "Vera Viewer" });
    await addMember(workspace.id, v.id, "viewer");
    const viewer = await memberOf(v.id);
    expect(titlesOf(await search(viewer, "launch"))).toEqual(["Launch checklist"]);
    expect(titlesOf(await search(viewer, "ana"), "project")).toEqual(["Ana project"]);
    expect(titlesOf(await search(viewer, "vera"), "member")).toEqual(["Vera Viewer"]);
  });

  it("still finds a card with a typo in the query (trigram)", async () => {
    const { owner } = await workspaceWithCards("Ana", ["Fix dashboard layout", "Other"]);
    expect(titlesOf(await search(owner, "dashbord"))).toEqual(["Fix dashboard layout"]);
  });

  it("finds card 12 by #12", async () => {
    const titles = Array.from({ length: 12 }, (_, i) => `Card number ${i + 1}`);
    const { owner } = await workspaceWithCards("Ana", titles);
    const r = await search(owner, "#12");
    const hit = r.groups.find((g) => g.kind === "card")!.hits[0]!;
    expect(plainText(hit.title)).toBe("Card number 12");
    expect(hit.meta).toMatch(/^#12 · /);
  });

  it("finds a card through a comment and shows the comment as its snippet", async () => {
    const { owner, project, cards } = await workspaceWithCards("Ana", ["Quiet card"]);
    await addComment(owner, project.id, cards[0]!.id, "The customer asked about kangaroo pricing");
    const hit = (await search(owner, "kangaroo")).groups.find((g) => g.kind === "card")!.hits[0]!;
    expect(plainText(hit.title)).toBe("Quiet card");
    expect(plainText(hit.snippet!)).toContain("kangaroo pricing");
    expect(hit.meta).toContain("in a comment");
  });

  it("answers nothing for an empty query and no groups when nothing matches", async () => {
    const { owner } = await workspaceWithCards("Ana", ["Something"]);
    expect(await search(owner, "   ")).toEqual({ q: "", groups: [], total: 0 });
    expect((await search(owner, "zzqqxx")).total).toBe(0);
  });

  it("keeps a card title's HTML as plain text segments, with only the match marked", async () => {
    const { owner } = await workspaceWithCards("Ana", ['<img src=x onerror="alert(1)"> payload']);
    const hit = (await search(owner, "payload")).groups.find((g) => g.kind === "card")!.hits[0]!;
    // The segments carry the title as text; the page renders them with React (see
    // app/components/search/highlight.test.ts), which escapes it.
    expect(hit.title).toEqual([
      { text: '<img src=x onerror="alert(1)"> ', mark: false },
      { text: "payload", mark: true },
    ]);
  });

  it("finds design tokens by path, value or description, in the workspace's and its projects' systems only", async () => {
    const { owner, workspace, project } = await workspaceWithCards("Dina", []);
    const doc = (primary: string) => ({
      sets: [
        {
          name: "core",
          tokens: {
            color: {
              $type: "color",
              brand: { primary: { $value: primary, $description: "Buttons and links" }, muted: { $value: "#94a3b8" } },
            },
            space: { $type: "dimension", md: { $value: { value: 16, unit: "px" } } },
          },
        },
      ],
      themes: [],
    });
    await db()
      .insert(schema.designSystems)
      .values({ workspaceId: workspace.id, projectId: null, document: doc("#4f46e5") });
    await db()
      .insert(schema.designSystems)
      .values({ workspaceId: workspace.id, projectId: project.id, document: doc("#e11d48") });
    const other = await workspaceWithCards("Omar", []);
    await db()
      .insert(schema.designSystems)
      .values({ workspaceId: other.workspace.id, projectId: null, document: doc("#000000") });

    const r = await search(owner, "primary");
    const tokens = r.groups.find((g) => g.kind === "token")!;
    expect(tokens.label).toBe("Design tokens");
    expect(tokens.hits.map((h) => [plainText(h.title), h.href, h.meta])).toEqual([
      ["color.brand.primary", "/design", "Token · core · Workspace design system"],
      ["color.brand.primary", `/projects/${project.id}/design`, `Token · core · ${project.name}`],
    ]);
    expect(tokens.hits[0]!.title).toContainEqual({ text: "primary", mark: true });
    expect(plainText(tokens.hits[0]!.snippet!)).toBe("#4f46e5 · Buttons and links");
    // By value, by description, and several words across the path.
    expect(titlesOf(await search(owner, "#e11d48"), "token")).toEqual(["color.brand.primary"]);
    expect(titlesOf(await search(owner, "links"), "token")).toEqual(["color.brand.primary", "color.brand.primary"]);
    expect(titlesOf(await search(owner, "brand muted"), "token")).toEqual(["color.brand.muted", "color.brand.muted"]);
    expect(titlesOf(await search(owner, "space md"), "token")).toEqual(["space.md", "space.md"]);
    // Another workspace's tokens never show.
    expect(titlesOf(await search(owner, "#000000"), "token")).toEqual([]);
  });
});
