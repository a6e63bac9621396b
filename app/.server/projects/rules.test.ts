// The rules every board and project service applies itself, whoever calls it: a viewer's
// change and any change in a read-only workspace are refused inside the service (403),
// and nothing is written; reading stays open to both.
import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, makeOwner, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { deleteAttachment, uploadAttachment } from "../files/attachment-actions";
import { listAttachments } from "../files/attachments";
import type { MemberContext } from "../workspaces";
import { cardDetail, loadBoard, projectLabels } from "./board-reads";
import { addChecklistItem, setChecklistItem } from "./checklist";
import { createLabel, setCardLabel } from "./labels";
import { setAssignee } from "./assignees";
import { addComment } from "./comments";
import { createCard, deleteCard, moveCard, updateCard } from "./cards";
import { addColumn, deleteColumn, shiftColumn, updateColumn } from "./columns";
import { createProject, deleteProject, getProject, listProjects, setProjectArchived, updateProject } from "./projects";

// What a viewer is told, from the access gate (app/.server/access).
const VIEW_ONLY_MESSAGE = "Your role in this workspace can view this board but not change it.";
const READ_ONLY = /^This workspace is read-only because its free trial has ended/;

/** An owner's project with a card carrying a label, a checklist item and a file; `other` is a second member. */
async function board() {
  const { user, workspace } = await makeOwner();
  const owner = await memberOf(user.id);
  const project = await createProject(owner, { name: "Rules" });
  const [first, second] = (await loadBoard(owner, project.id)).columns;
  const card = await createCard(owner, project.id, { columnId: first!.id, title: "Guarded" });
  const label = await createLabel(owner, project.id, "bug", "red");
  await addChecklistItem(owner, project.id, card.id, "Check it");
  const [item] = await db().select().from(schema.checklistItems).where(eq(schema.checklistItems.cardId, card.id));
  const file = await uploadAttachment(owner, project.id, card.id, new File(["kept"], "kept.txt", { type: "text/plain" }));
  const colleague = await makeUser();
  await addMember(workspace.id, colleague.id, "member");
  return { workspace, owner, project, card, label, item: item!, file, first: first!, second: second!, colleagueId: colleague.id };
}

type Board = Awaited<ReturnType<typeof board>>;

/** Every change a service offers, as the member `m` would make it. */
const CHANGES: [string, (m: MemberContext, b: Board) => Promise<unknown>][] = [
  ["createCard", (m, b) => createCard(m, b.project.id, { columnId: b.first.id, title: "Sneaky" })],
  ["moveCard", (m, b) => moveCard(m, b.project.id, { cardId: b.card.id, toColumnId: b.second.id, index: 1 })],
  ["updateCard", (m, b) => updateCard(m, b.project.id, b.card.id, b.card.version, { title: "Changed" })],
  ["deleteCard", (m, b) => deleteCard(m, b.project.id, b.card.id)],
  ["setAssignee", (m, b) => setAssignee(m, b.project.id, b.card.id, b.colleagueId, true)],
  ["createLabel", (m, b) => createLabel(m, b.project.id, "feature", "blue")],
  ["setCardLabel", (m, b) => setCardLabel(m, b.project.id, b.card.id, b.label.id, true)],
  ["addChecklistItem", (m, b) => addChecklistItem(m, b.project.id, b.card.id, "More")],
  ["setChecklistItem", (m, b) => setChecklistItem(m, b.project.id, b.card.id, b.item.id, { done: true })],
  ["addComment", (m, b) => addComment(m, b.project.id, b.card.id, "Hello")],
  ["addColumn", (m, b) => addColumn(m, b.project.id, "QA", "started")],
  ["updateColumn", (m, b) => updateColumn(m, b.project.id, b.first.id, { name: "Renamed", wipLimit: 3 })],
  ["shiftColumn", (m, b) => shiftColumn(m, b.project.id, b.first.id, 1)],
  ["deleteColumn", (m, b) => deleteColumn(m, b.project.id, b.first.id, b.second.id)],
  ["createProject", (m) => createProject(m, { name: "Another" })],
  ["updateProject", (m, b) => updateProject(m, b.project.id, { name: "Renamed" })],
  ["setProjectArchived", (m, b) => setProjectArchived(m, b.project.id, true)],
  ["deleteProject", (m, b) => deleteProject(m, b.project.id)],
  ["uploadAttachment", (m, b) => uploadAttachment(m, b.project.id, b.card.id, new File(["x"], "x.txt", { type: "text/plain" }))],
  ["deleteAttachment", (m, b) => deleteAttachment(m, b.project.id, b.card.id, b.file.id)],
];

/** What the changes above would touch, counted, with the card's fields and the board's column order. */
async function snapshot(b: Board) {
  const total = async (query: Promise<{ n: number }[]>) => Number((await query)[0]!.n);
  const ws = b.workspace.id;
  return {
    projects: await total(db().select({ n: count() }).from(schema.projects).where(eq(schema.projects.workspaceId, ws))),
    cards: await db().select().from(schema.cards).where(eq(schema.cards.workspaceId, ws)),
    columns: await db().select().from(schema.boardColumns).where(eq(schema.boardColumns.workspaceId, ws)),
    labels: await total(db().select({ n: count() }).from(schema.labels).where(eq(schema.labels.workspaceId, ws))),
    cardLabels: await total(db().select({ n: count() }).from(schema.cardLabels).where(eq(schema.cardLabels.workspaceId, ws))),
    assignees: await total(db().select({ n: count() }).from(schema.cardAssignees).where(eq(schema.cardAssignees.workspaceId, ws))),
    checklist: await db().select().from(schema.checklistItems).where(eq(schema.checklistItems.workspaceId, ws)),
    comments: await total(db().select({ n: count() }).from(schema.comments).where(eq(schema.comments.workspaceId, ws))),
    attachments: await total(db().select({ n: count() }).from(schema.cardAttachments).where(eq(schema.cardAttachments.workspaceId, ws))),
    activity: await total(db().select({ n: count() }).from(schema.activity).where(eq(schema.activity.workspaceId, ws))),
  };
}

async function refusal(p: Promise<unknown>) {
  return p.then(
    () => null,
    (e: unknown) => e as { status?: number; message?: string },
  );
}

describe("a viewer, whoever calls the service", () => {
  beforeEach(resetDb);

  it("is refused every change inside the service (403), and nothing is written", async () => {
    const b = await board();
    const viewerUser = await makeUser();
    await addMember(b.workspace.id, viewerUser.id, "viewer");
    const viewer = await memberOf(viewerUser.id);
    expect(viewer.role).toBe("viewer");
    const before = await snapshot(b);
    for (const [name, change] of CHANGES) {
      const thrown = await refusal(change(viewer, b));
      expect({ name, status: thrown?.status }).toEqual({ name, status: 403 });
      expect({ name, message: thrown?.message }).toEqual({ name, message: VIEW_ONLY_MESSAGE });
    }
    expect(await snapshot(b)).toEqual(before);
  });

  it("still reads the board, its projects, a card and its files", async () => {
    const b = await board();
    const viewerUser = await makeUser();
    await addMember(b.workspace.id, viewerUser.id, "viewer");
    const viewer = await memberOf(viewerUser.id);
    expect((await loadBoard(viewer, b.project.id)).columns[0]!.cards.map((c) => c.title)).toEqual(["Guarded"]);
    expect((await listProjects(viewer)).map((p) => p.name)).toEqual(["Rules"]);
    expect((await getProject(viewer, b.project.id))?.name).toBe("Rules");
    expect((await cardDetail(viewer, b.project.id, b.card.id))?.title).toBe("Guarded");
    expect((await projectLabels(viewer, b.project.id)).map((l) => l.name)).toEqual(["bug"]);
    expect((await listAttachments(viewer, b.project.id, b.card.id)).map((a) => a.fileName)).toEqual(["kept.txt"]);
  });
});

describe("a read-only workspace (its trial ended without a plan)", () => {
  beforeEach(resetDb);

  async function readOnlyBoard() {
    const b = await board();
    await db()
      .update(schema.workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(schema.workspaces.id, b.workspace.id));
    return b;
  }

  it("refuses its owner every change inside the service (403 naming /billing), and nothing is written", async () => {
    const b = await readOnlyBoard();
    const before = await snapshot(b);
    for (const [name, change] of CHANGES) {
      const thrown = await refusal(change(b.owner, b));
      expect({ name, status: thrown?.status }).toEqual({ name, status: 403 });
      expect({ name, readOnly: READ_ONLY.test(thrown?.message ?? "") }).toEqual({ name, readOnly: true });
    }
    expect(await snapshot(b)).toEqual(before);
  });

  it("keeps everything readable", async () => {
    const b = await readOnlyBoard();
    expect((await loadBoard(b.owner, b.project.id)).columns[0]!.cards.map((c) => c.title)).toEqual(["Guarded"]);
    expect((await cardDetail(b.owner, b.project.id, b.card.id))?.checklist.map((i) => i.text)).toEqual(["Check it"]);
  });
});
