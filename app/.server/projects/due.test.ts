import { beforeEach, describe, expect, it } from "vitest";
import { addDays, calendarDay } from "~/lib/dates";
import { resetDb } from "../../../tests/support/db";
import { makeOwner, memberOf } from "../../../tests/support/factories";
import { workspaceOverview } from "../analytics/reports";
import { assignedWork } from "../dashboard/work";
import { loadBoard } from "./board-reads";
import { setAssignee } from "./assignees";
import { createCard, moveCard } from "./cards";
import { addColumn } from "./columns";
import { createProject } from "./projects";

/** A finished card (its column counts as completed or cancelled) is never overdue or due soon, wherever it is listed. */
describe("due dates of finished cards", () => {
  beforeEach(resetDb);

  async function board() {
    const { user } = await makeOwner();
    const member = await memberOf(user.id);
    const project = await createProject(member, { name: "Due" });
    await addColumn(member, project.id, "Dropped", "cancelled");
    const { columns } = await loadBoard(member, project.id);
    const byName = (name: string) => columns.find((c) => c.name === name)!.id;
    const yesterday = addDays(calendarDay(), -1);
    const tomorrow = addDays(calendarDay(), 1);
    const card = (title: string, column: string, dueDate: string) =>
      createCard(member, project.id, { columnId: byName(column), title, dueDate });
    const cards = [
      await card("Late and open", "In progress", yesterday),
      await card("Late and done", "In progress", yesterday),
      await card("Late and dropped", "Backlog", yesterday),
      await card("Soon and open", "To do", tomorrow),
      await card("Soon and done", "To do", tomorrow),
    ];
    await moveCard(member, project.id, { cardId: cards[1]!.id, toColumnId: byName("Done"), index: 1 });
    await moveCard(member, project.id, { cardId: cards[2]!.id, toColumnId: byName("Dropped"), index: 1 });
    await moveCard(member, project.id, { cardId: cards[4]!.id, toColumnId: byName("Done"), index: 1 });
    for (const c of cards) await setAssignee(member, project.id, c.id, user.id, true);
    return { user, member, project };
  }

  const titlesOf = (columns: { cards: { title: string }[] }[]) => columns.flatMap((c) => c.cards.map((k) => k.title)).sort();

  it("leaves them out of the board's Overdue and Due this week filters", async () => {
    const { member, project } = await board();
    expect(titlesOf((await loadBoard(member, project.id, { due: "overdue" })).columns)).toEqual(["Late and open"]);
    expect(titlesOf((await loadBoard(member, project.id, { due: "week" })).columns)).toEqual(["Soon and open"]);
    expect(titlesOf((await loadBoard(member, project.id)).columns)).toHaveLength(5);
  });

  it("leaves them out of the project summaries' overdue count (/analytics)", async () => {
    const { member, project } = await board();
    expect((await workspaceOverview(member)).find((p) => p.id === project.id)).toMatchObject({ overdue: 1 });
  });

  it("leaves them out of My work (open work, overdue first) with their column's state group", async () => {
    const { user, member } = await board();
    const work = await assignedWork(member.workspace.id, user.id);
    expect(work.map((w) => [w.title, w.stateGroup])).toEqual([
      ["Late and open", "started"],
      ["Soon and open", "unstarted"],
    ]);
  });
});
