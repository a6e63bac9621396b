import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, makeOwner, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import type { MemberContext } from "../workspaces";
import { listActivity } from "./activity";
import { loadBoard } from "./board-reads";
import { setAssignee } from "./assignees";
import { createCard, moveCard, STALE_CARD_MESSAGE, updateCard } from "./cards";
import { addColumn, deleteColumn, shiftColumn } from "./columns";
import { UserError } from "../errors";
import { isValidKey } from "~/lib/fractional-index";
import { createProject, getProject, listProjects } from "./projects";

async function setup() {
  const { user, workspace } = await makeOwner();
  const member = await memberOf(user.id);
  const project = await createProject(member, { name: "Launch" });
  const board = await loadBoard(member, project.id);
  return { user, workspace, project, member, board };
}

const titles = async (member: MemberContext, p: string, columnIndex: number) =>
  (await loadBoard(member, p)).columns[columnIndex]!.cards.map((c) => c.title);

describe("projects and boards", () => {
  beforeEach(resetDb);

  it("gives a new project the five default columns mapped to state groups", async () => {
    const { board } = await setup();
    expect(board.columns.map((c) => [c.name, c.stateGroup])).toEqual([
      ["Backlog", "backlog"],
      ["To do", "unstarted"],
      ["In progress", "started"],
      ["Review", "started"],
      ["Done", "completed"],
    ]);
  });

  it("creates numbered cards at the end of a column and moves them by index and by neighbours", async () => {
    const { member, board, project } = await setup();
    const todo = board.columns[1]!.id;
    const a = await createCard(member, project.id, { columnId: todo, title: "A" });
    const b = await createCard(member, project.id, { columnId: todo, title: "B" });
    const c = await createCard(member, project.id, { columnId: todo, title: "C" });
    expect([a.number, b.number, c.number]).toEqual([1, 2, 3]);
    expect(await titles(member, project.id, 1)).toEqual(["A", "B", "C"]);

    await moveCard(member, project.id, { cardId: c.id, toColumnId: todo, index: 1 });
    expect(await titles(member, project.id, 1)).toEqual(["C", "A", "B"]);
    await moveCard(member, project.id, { cardId: c.id, toColumnId: todo, index: 3 });
    expect(await titles(member, project.id, 1)).toEqual(["A", "B", "C"]);
    await moveCard(member, project.id, { cardId: a.id, toColumnId: todo, afterId: b.id, beforeId: c.id });
    expect(await titles(member, project.id, 1)).toEqual(["B", "A", "C"]);

    const done = board.columns[4]!.id;
    const moved = await moveCard(member, project.id, { cardId: a.id, toColumnId: done, index: 1 });
    expect(moved.changedColumn).toBe(true);
    const [row] = await db().select().from(schema.cards).where(eq(schema.cards.id, a.id));
    expect(row!.startedAt).not.toBeNull();
    expect(row!.completedAt).not.toBeNull();
    const log = await listActivity(member.workspace.id, { cardId: a.id });
    expect(log[0]).toMatchObject({ action: "card.moved", field: "column", oldValue: "To do", newValue: "Done" });

    await moveCard(member, project.id, { cardId: a.id, toColumnId: todo, index: 1 });
    const [back] = await db().select().from(schema.cards).where(eq(schema.cards.id, a.id));
    expect(back!.completedAt).toBeNull();
  });

  it("places a card between two cards that share a key (concurrent moves gave them one) by spreading the column's keys again", async () => {
    const { member, board, project } = await setup();
    const todo = board.columns[1]!.id;
    const a = await createCard(member, project.id, { columnId: todo, title: "A" });
    const b = await createCard(member, project.id, { columnId: todo, title: "B" });
    await createCard(member, project.id, { columnId: todo, title: "C" });
    await db().update(schema.cards).set({ position: a.position }).where(eq(schema.cards.id, b.id));
    const shown = (await loadBoard(member, project.id)).columns[1]!.cards;
    const [x, y, c] = shown;
    expect(c!.title).toBe("C");

    // Dropped between the two: the keys of its neighbours are equal, so no key fits between them as they are.
    await moveCard(member, project.id, { cardId: c!.id, toColumnId: todo, afterId: x!.id, beforeId: y!.id });
    expect(await titles(member, project.id, 1)).toEqual([x!.title, "C", y!.title]);
    const keys = (
      await db()
        .select({ position: schema.cards.position })
        .from(schema.cards)
        .where(eq(schema.cards.columnId, todo))
        .orderBy(schema.cards.position)
    ).map((r) => r.position);
    expect(new Set(keys).size).toBe(3);
    expect(keys.every(isValidKey)).toBe(true);
  });

  it("refuses a stale edit instead of overwriting someone else's", async () => {
    const { member, board, project } = await setup();
    const card = await createCard(member, project.id, { columnId: board.columns[0]!.id, title: "Draft" });
    await updateCard(member, project.id, card.id, card.version, { title: "First edit" });
    await expect(updateCard(member, project.id, card.id, card.version, { title: "Second edit" })).rejects.toMatchObject({
      status: 409,
      message: STALE_CARD_MESSAGE,
    });
    const [row] = await db().select().from(schema.cards).where(eq(schema.cards.id, card.id));
    expect(row!.title).toBe("First edit");
    const log = await listActivity(member.workspace.id, { cardId: card.id });
    expect(log[0]).toMatchObject({ action: "card.updated", field: "title", oldValue: "Draft", newValue: "First edit" });
  });

  it("answers 404 and changes nothing for another workspace's project and cards", async () => {
    const mine = await setup();
    const theirs = await setup();
    const theirCard = await createCard(theirs.member, theirs.project.id, { columnId: theirs.board.columns[0]!.id, title: "Secret" });
    expect(await getProject(mine.member, theirs.project.id)).toBeNull();
    await expect(updateCard(mine.member, theirs.project.id, theirCard.id, 1, { title: "Hacked" })).rejects.toMatchObject({ status: 404 });
    await expect(
      moveCard(mine.member, mine.project.id, { cardId: theirCard.id, toColumnId: mine.board.columns[1]!.id, index: 1 }),
    ).rejects.toBeInstanceOf(UserError);
    await expect(
      moveCard(theirs.member, theirs.project.id, { cardId: theirCard.id, toColumnId: mine.board.columns[1]!.id, index: 1 }),
    ).rejects.toMatchObject({
      status: 400,
    });
    const [row] = await db().select().from(schema.cards).where(eq(schema.cards.id, theirCard.id));
    expect(row).toMatchObject({ title: "Secret", columnId: theirs.board.columns[0]!.id });
    expect(await listProjects(mine.member)).toHaveLength(1);
  });

  it("assigns only workspace members", async () => {
    const { member, board, workspace, project } = await setup();
    const card = await createCard(member, project.id, { columnId: board.columns[0]!.id, title: "Task" });
    const outsider = await makeUser();
    await expect(setAssignee(member, project.id, card.id, outsider.id, true)).rejects.toMatchObject({ status: 400 });
    const colleague = await makeUser();
    await addMember(workspace.id, colleague.id, "member");
    await setAssignee(member, project.id, card.id, colleague.id, true);
    const rows = await db()
      .select()
      .from(schema.cardAssignees)
      .where(and(eq(schema.cardAssignees.cardId, card.id), eq(schema.cardAssignees.workspaceId, workspace.id)));
    expect(rows.map((r) => r.userId)).toEqual([colleague.id]);
    const filtered = await loadBoard(member, project.id, { assignee: colleague.id });
    expect(filtered.columns[0]!.cards.map((c) => c.id)).toEqual([card.id]);
  });

  it("adds, reorders and deletes columns, moving the cards of a deleted one", async () => {
    const { member, board, project } = await setup();
    const qa = await addColumn(member, project.id, "QA", "started");
    await shiftColumn(member, project.id, qa.id, -1);
    let names = (await loadBoard(member, project.id)).columns.map((c) => c.name);
    expect(names).toEqual(["Backlog", "To do", "In progress", "Review", "QA", "Done"]);
    await createCard(member, project.id, { columnId: qa.id, title: "Check" });
    await expect(deleteColumn(member, project.id, qa.id, null)).rejects.toMatchObject({ status: 400 });
    await deleteColumn(member, project.id, qa.id, board.columns[0]!.id);
    const after = await loadBoard(member, project.id);
    names = after.columns.map((c) => c.name);
    expect(names).toEqual(["Backlog", "To do", "In progress", "Review", "Done"]);
    expect(after.columns[0]!.cards.map((c) => c.title)).toEqual(["Check"]);
  });
});

describe("a long column", () => {
  beforeEach(resetDb);

  it("shows a page of cards per column, counts the rest, and shows all when asked", async () => {
    const { user } = await makeOwner();
    const member = await memberOf(user.id);
    const project = await createProject(member, { name: "Big" });
    const col = (await loadBoard(member, project.id)).columns[0]!;
    for (let i = 1; i <= 7; i++) await createCard(member, project.id, { columnId: col.id, title: `Card ${i}` });
    const paged = (await loadBoard(member, project.id, {}, { perColumn: 5 })).columns[0]!;
    expect(paged.cards.map((c) => c.title)).toEqual(["Card 1", "Card 2", "Card 3", "Card 4", "Card 5"]);
    expect(paged).toMatchObject({ cardCount: 7, matchingCount: 7 });
    const all = (await loadBoard(member, project.id, {}, { perColumn: 5, expand: [col.id] })).columns[0]!;
    expect(all.cards).toHaveLength(7);
    const filtered = (await loadBoard(member, project.id, { q: "Card 7" }, { perColumn: 5 })).columns[0]!;
    expect(filtered).toMatchObject({ cardCount: 7, matchingCount: 1 });
  });
});
