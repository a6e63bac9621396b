import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, makeOwner, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { listActivity } from "./activity";
import { loadBoard } from "./board-reads";
import { createCard, moveCard } from "./cards";
import { addDependency, blockedCardIds, blockPath, dependenciesOfCard, projectDependencies, removeDependency } from "./dependencies";
import { createProject } from "./projects";

async function setup() {
  const { user, workspace } = await makeOwner();
  const member = await memberOf(user.id);
  const project = await createProject(member, { name: "Deps" });
  const { columns } = await loadBoard(member, project.id);
  const todo = columns.find((c) => c.name === "To do")!;
  const card = (title: string) => createCard(member, project.id, { columnId: todo.id, title });
  const [c1, c2, c3] = [await card("Design the API"), await card("Build the API"), await card("Ship the client")];
  return { user, workspace, member, project, columns, c1: c1!, c2: c2!, c3: c3! };
}

describe("card dependencies", () => {
  beforeEach(resetDb);

  it("records blocked by / blocks by number or title, and marks the blocked card while its blocker is open", async () => {
    const { member, project, columns, c1, c2, c3 } = await setup();
    await addDependency(member, project.id, { cardId: c2.id, other: `#${c1.number}`, direction: "blocked-by" });
    await addDependency(member, project.id, { cardId: c2.id, other: "ship the client", direction: "blocks" });
    const deps = await projectDependencies(member, project.id);
    expect(dependenciesOfCard(deps, c2.id)).toEqual({
      blockedBy: [{ id: c1.id, number: c1.number, title: "Design the API", open: true }],
      blocks: [{ id: c3.id, number: c3.number, title: "Ship the client", open: true }],
    });
    expect(blockedCardIds(deps).sort()).toEqual([c2.id, c3.id].sort());
    // Once the blocker is done, the card is no longer marked blocked.
    await moveCard(member, project.id, { cardId: c1.id, toColumnId: columns.find((c) => c.name === "Done")!.id });
    expect(blockedCardIds(await projectDependencies(member, project.id))).toEqual([c3.id]);
    const log = await listActivity(member.workspace.id, { cardId: c2.id });
    expect(log.some((a) => a.action === "dependency.added" && a.newValue === `#${c1.number} Design the API`)).toBe(true);
  });

  it("refuses a card blocking itself and a loop of blocks, with the chain written out", async () => {
    const { member, project, c1, c2, c3 } = await setup();
    await expect(addDependency(member, project.id, { cardId: c1.id, other: `${c1.number}`, direction: "blocks" })).rejects.toMatchObject({
      status: 400,
      message: "A card cannot block itself.",
    });
    await addDependency(member, project.id, { cardId: c1.id, other: `#${c2.number}`, direction: "blocks" });
    await expect(
      addDependency(member, project.id, { cardId: c1.id, other: `#${c2.number}`, direction: "blocked-by" }),
    ).rejects.toMatchObject({ status: 409, message: expect.stringContaining(`#${c2.number} → #${c1.number} → #${c2.number}`) });
    await addDependency(member, project.id, { cardId: c2.id, other: `#${c3.number}`, direction: "blocks" });
    await expect(addDependency(member, project.id, { cardId: c3.id, other: `#${c1.number}`, direction: "blocks" })).rejects.toMatchObject({
      status: 409,
      message: `That would make a loop of blocks: #${c3.number} → #${c1.number} → #${c2.number} → #${c3.number}. Remove one of those blocks first.`,
      field: "other",
    });
    expect(await db().select().from(schema.cardDependencies)).toHaveLength(2);
  });

  it("names ambiguous or unknown cards, and only finds cards of the same project and workspace", async () => {
    const { member, project, c1 } = await setup();
    await expect(addDependency(member, project.id, { cardId: c1.id, other: "API", direction: "blocks" })).rejects.toMatchObject({
      message: expect.stringContaining("Several cards match"),
    });
    await expect(addDependency(member, project.id, { cardId: c1.id, other: "#99", direction: "blocks" })).rejects.toMatchObject({
      message: "There is no card #99 on this board.",
    });
    const other = await createProject(member, { name: "Other" });
    const { columns } = await loadBoard(member, other.id);
    const stranger = await createCard(member, other.id, { columnId: columns[0]!.id, title: "Elsewhere" });
    await expect(addDependency(member, project.id, { cardId: c1.id, other: "Elsewhere", direction: "blocks" })).rejects.toMatchObject({
      status: 400,
    });
    await expect(addDependency(member, project.id, { cardId: stranger.id, other: "#1", direction: "blocks" })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("removes a block; viewers may read but not change", async () => {
    const { member, workspace, project, c1, c2 } = await setup();
    await addDependency(member, project.id, { cardId: c2.id, other: `#${c1.number}`, direction: "blocked-by" });
    const viewerUser = await makeUser();
    await addMember(workspace.id, viewerUser.id, "viewer");
    const viewer = await memberOf(viewerUser.id);
    expect(await projectDependencies(viewer, project.id)).toHaveLength(1);
    await expect(removeDependency(viewer, project.id, { blockerCardId: c1.id, blockedCardId: c2.id })).rejects.toMatchObject({
      status: 403,
    });
    await removeDependency(member, project.id, { blockerCardId: c1.id, blockedCardId: c2.id });
    expect(await db().select().from(schema.cardDependencies).where(eq(schema.cardDependencies.blockedCardId, c2.id))).toHaveLength(0);
  });

  it("blockPath finds the chain through the blocks", () => {
    const edges = [
      { blockerCardId: "a", blockedCardId: "b" },
      { blockerCardId: "b", blockedCardId: "c" },
      { blockerCardId: "x", blockedCardId: "c" },
    ];
    expect(blockPath(edges, "a", "c")).toEqual(["a", "b", "c"]);
    expect(blockPath(edges, "c", "a")).toBeNull();
  });
});
