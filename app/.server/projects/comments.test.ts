// Comments: markdown rendered safely on the server, mentions stored by id (renaming keeps
// them), edit by the author only (marked "edited"), delete by the author or an admin, and a
// deletion's trace in the card's activity.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, makeOwner, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { UserError } from "../errors";
import { renderMarkdown } from "../markdown";
import { cardDetail, loadBoard } from "./board-reads";
import { createCard } from "./cards";
import { addComment, commentsOf, deleteComment, editComment } from "./comments";
import { createProject } from "./projects";

async function setup() {
  const { user, workspace } = await makeOwner();
  const owner = await memberOf(user.id);
  const project = await createProject(owner, { name: "Talk" });
  const [first] = (await loadBoard(owner, project.id)).columns;
  const card = await createCard(owner, project.id, { columnId: first!.id, title: "Discuss" });
  const sam = await makeUser({ fullName: "Sam Lee" });
  await addMember(workspace.id, sam.id, "member");
  const viewerUser = await makeUser({ fullName: "Vera Viewer" });
  await addMember(workspace.id, viewerUser.id, "viewer");
  return { owner, project, card, sam, samMember: await memberOf(sam.id), viewer: await memberOf(viewerUser.id) };
}

beforeEach(resetDb);

describe("markdown", () => {
  it("renders the safe subset and removes scripts, event handlers and javascript: links", () => {
    const html = renderMarkdown(
      "**bold** _it_ `code` ~~gone~~\n\n- one\n- two\n\n> quoted\n\n[site](https://example.com) [bad](javascript:alert(1)) <script>alert(1)</script> <img src=x onerror=alert(1)>",
      new Map(),
    );
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>it</em>");
    expect(html).toContain("<code>code</code>");
    expect(html).toContain("<del>gone</del>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain('<a rel="noopener noreferrer nofollow" target="_blank" href="https://example.com">site</a>');
    expect(html).not.toMatch(/<script|<img|javascript:/i);
    expect(html).not.toMatch(/<[^>]+\son\w+=/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("links bare URLs and draws no headings or images", () => {
    const html = renderMarkdown("# Title\n\nsee https://atelier.test/x\n\n![pixel](https://t.example/p.png)", new Map());
    expect(html).not.toContain("<h1");
    expect(html).not.toContain("<img");
    expect(html).toContain('href="https://atelier.test/x"');
  });
});

describe("comments", () => {
  it("stores a mention by id and shows the current name, also after a rename", async () => {
    const s = await setup();
    const { comment, mentioned } = await addComment(s.owner, s.project.id, s.card.id, "Thanks @Sam Lee, and @nobody");
    expect(mentioned).toEqual([s.sam.id]);
    expect(comment.body).toBe(`Thanks <@${s.sam.id}>, and @nobody`);
    await db().update(schema.users).set({ fullName: "Samantha Lee" }).where(eq(schema.users.id, s.sam.id));
    const [view] = await commentsOf(s.owner, s.card.id);
    expect(view!.html).toContain('<span class="mention">@Samantha Lee</span>');
    expect(view!.text).toBe("Thanks @Samantha Lee, and @nobody");
  });

  it("lets the author edit (marked edited) and nobody else", async () => {
    const s = await setup();
    const { comment } = await addComment(s.owner, s.project.id, s.card.id, "First");
    await expect(editComment(s.samMember, s.project.id, s.card.id, comment.id, "Hijack")).rejects.toMatchObject({ status: 403 });
    const { mentioned } = await editComment(s.owner, s.project.id, s.card.id, comment.id, "First, cc @sam lee");
    expect(mentioned).toEqual([s.sam.id]);
    const detail = await cardDetail(s.owner, s.project.id, s.card.id);
    expect(detail!.comments[0]).toMatchObject({ edited: true, canEdit: true, canDelete: true });
    const asSam = await commentsOf(s.samMember, s.card.id);
    expect(asSam[0]).toMatchObject({ canEdit: false, canDelete: false });
    await expect(editComment(s.owner, s.project.id, s.card.id, comment.id, "   ")).rejects.toBeInstanceOf(UserError);
  });

  it("lets the author or an admin delete, refuses a viewer, and leaves a trace in the activity", async () => {
    const s = await setup();
    const { comment: own } = await addComment(s.samMember, s.project.id, s.card.id, "Sam's note");
    await expect(deleteComment(s.viewer, s.project.id, s.card.id, own.id)).rejects.toMatchObject({ status: 403 });
    const { comment: owners } = await addComment(s.owner, s.project.id, s.card.id, "Owner's note");
    await expect(deleteComment(s.samMember, s.project.id, s.card.id, owners.id)).rejects.toMatchObject({ status: 403 });
    await deleteComment(s.owner, s.project.id, s.card.id, own.id);
    await deleteComment(s.owner, s.project.id, s.card.id, owners.id);
    expect(await commentsOf(s.owner, s.card.id)).toEqual([]);
    const trace = await db()
      .select()
      .from(schema.activity)
      .where(and(eq(schema.activity.cardId, s.card.id), eq(schema.activity.action, "comment.deleted")));
    expect(trace.map((t) => t.oldValue).sort()).toEqual(["Owner's note", "Sam's note"]);
    await expect(deleteComment(s.owner, s.project.id, s.card.id, own.id)).rejects.toMatchObject({ status: 404 });
  });
});
