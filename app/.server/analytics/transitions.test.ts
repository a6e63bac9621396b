import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addMember, makeOwner, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { loadBoard } from "../projects/board-reads";
import { createCard, deleteCard, moveCard } from "../projects/cards";
import { deleteColumn, updateColumn } from "../projects/columns";
import { createProject } from "../projects/projects";
import { backfillTransitions } from "./backfill";

const { cardTransitions } = schema;

async function setup() {
  const { user } = await makeOwner();
  const member = await memberOf(user.id);
  const project = await createProject(member, { name: "Launch" });
  const { columns } = await loadBoard(member, project.id);
  return { user, member, project, columns };
}

const log = (cardId: string) =>
  db().select().from(cardTransitions).where(eq(cardTransitions.cardId, cardId)).orderBy(asc(cardTransitions.at), asc(cardTransitions.id));

async function failure(p: Promise<unknown>) {
  return p.then(
    () => null,
    (e: { status?: number }) => e.status ?? -1,
  );
}

describe("card transitions", () => {
  beforeEach(resetDb);
  afterEach(() => void vi.useRealTimers());

  it("records a card's creation from nothing and each move between columns with the state groups and who moved it", async () => {
    const { user, member, project, columns } = await setup();
    const [, todo, doing, , done] = columns;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-02T09:00:00Z"));
    const card = await createCard(member, project.id, { columnId: todo!.id, title: "A" });
    vi.setSystemTime(new Date("2026-03-03T09:00:00Z"));
    await moveCard(member, project.id, { cardId: card.id, toColumnId: doing!.id, index: 1 });
    // A move within a column is not a transition.
    await moveCard(member, project.id, { cardId: card.id, toColumnId: doing!.id, index: 1 });
    vi.setSystemTime(new Date("2026-03-04T09:00:00Z"));
    await moveCard(member, project.id, { cardId: card.id, toColumnId: done!.id, index: 1 });

    expect(
      (await log(card.id)).map((t) => [t.fromColumnId, t.toColumnId, t.fromStateGroup, t.toStateGroup, t.userId, t.at.toISOString()]),
    ).toEqual([
      [null, todo!.id, null, "unstarted", user.id, "2026-03-02T09:00:00.000Z"],
      [todo!.id, doing!.id, "unstarted", "started", user.id, "2026-03-03T09:00:00.000Z"],
      [doing!.id, done!.id, "started", "completed", user.id, "2026-03-04T09:00:00.000Z"],
    ]);
  });

  it("records nothing for a refused move: a viewer, a column of another board, a stale neighbour", async () => {
    const { member, project, columns } = await setup();
    const card = await createCard(member, project.id, { columnId: columns[0]!.id, title: "A" });
    const viewer = await makeUser({ email: "viewer@example.com" });
    await addMember(member.workspace.id, viewer.id, "viewer");
    const asViewer = { ...(await memberOf(viewer.id)), workspace: member.workspace, role: "viewer" as const };
    expect(await failure(moveCard(asViewer, project.id, { cardId: card.id, toColumnId: columns[2]!.id, index: 1 }))).toBe(403);
    const other = await setup();
    expect(await failure(moveCard(member, project.id, { cardId: card.id, toColumnId: other.columns[2]!.id, index: 1 }))).toBe(400);
    expect(await failure(moveCard(member, project.id, { cardId: card.id, toColumnId: columns[2]!.id, afterId: other.project.id }))).toBe(
      409,
    );
    expect((await log(card.id)).map((t) => t.toColumnId)).toEqual([columns[0]!.id]);
  });

  it("records the moves of a deleted column's cards, a column's new state group, and a deleted card leaving", async () => {
    const { member, project, columns } = await setup();
    const card = await createCard(member, project.id, { columnId: columns[3]!.id, title: "In review" });
    await deleteColumn(member, project.id, columns[3]!.id, columns[4]!.id);
    await updateColumn(member, project.id, columns[4]!.id, { stateGroup: "cancelled" });
    await deleteCard(member, project.id, card.id);
    expect((await log(card.id)).map((t) => [t.fromColumnId, t.toColumnId, t.fromStateGroup, t.toStateGroup])).toEqual([
      [null, columns[3]!.id, null, "started"],
      [columns[3]!.id, columns[4]!.id, "started", "completed"],
      [columns[4]!.id, columns[4]!.id, "completed", "cancelled"],
      [columns[4]!.id, null, "cancelled", null],
    ]);
  });

  it("backfills cards without transitions from the activity log, once", async () => {
    const { member, project, columns } = await setup();
    const [backlog, todo, doing, , done] = columns;
    const a = await createCard(member, project.id, { columnId: backlog!.id, title: "A" });
    await moveCard(member, project.id, { cardId: a.id, toColumnId: todo!.id, index: 1 });
    await moveCard(member, project.id, { cardId: a.id, toColumnId: done!.id, index: 1 });
    const b = await createCard(member, project.id, { columnId: doing!.id, title: "B" });
    // As before migration 0050: the cards have activity but no transitions.
    await db().delete(cardTransitions);
    const moved = await db().select().from(schema.activity).where(eq(schema.activity.action, "card.moved"));
    expect(moved).toHaveLength(2);

    expect(await backfillTransitions(db())).toBe(4);
    const rows = await log(a.id);
    expect(rows.map((t) => [t.fromStateGroup, t.toStateGroup, t.backfilled])).toEqual([
      [null, "backlog", true],
      ["backlog", "unstarted", true],
      ["unstarted", "completed", true],
    ]);
    expect(rows[2]!.at.getTime()).toBe(moved[1]!.createdAt.getTime());
    expect((await log(b.id)).map((t) => t.toColumnId)).toEqual([doing!.id]);
    expect(await backfillTransitions(db())).toBe(0);
  });
});
