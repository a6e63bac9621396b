import { vi } from "vitest";
import { setEstimate } from "~/.server/cycles/estimates";
import { loadBoard } from "~/.server/projects/board-reads";
import { createCard, moveCard } from "~/.server/projects/cards";
import { createProject } from "~/.server/projects/projects";
import { makeOwner, memberOf } from "./factories";

/** A new owner with a workspace and one project ("Website" unless named), and its default columns (vitest). */
export async function ownerWithProject(name = "Website") {
  const { user, workspace } = await makeOwner();
  const member = await memberOf(user.id);
  const project = await createProject(member, { name });
  const { columns } = await loadBoard(member, project.id);
  return { user, workspace, member, project, columns };
}

/**
 * A new project worked through at set times, for histories worked out by hand (vitest): `at`
 * sets the clock (Date only is faked from here on; the caller's afterEach restores real timers),
 * then cards are created, moved and estimated by the app's own services at that time.
 */
export async function projectAtTimes(name: string) {
  const { member, project, columns } = await ownerWithProject(name);
  const col = (columnName: string) => columns.find((c) => c.name === columnName)!.id;
  vi.useFakeTimers({ toFake: ["Date"] });
  return {
    member,
    project,
    columns,
    col,
    at: (iso: string) => void vi.setSystemTime(new Date(iso)),
    create: (title: string, column: string) => createCard(member, project.id, { columnId: col(column), title }),
    move: (card: { id: string }, column: string) => moveCard(member, project.id, { cardId: card.id, toColumnId: col(column) }),
    estimate: (card: { id: string }, points: number | null) => setEstimate(member, project.id, card.id, points),
  };
}
