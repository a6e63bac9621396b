// The dashboard's quick create as a service: the role, read-only mode and the project's
// workspace are checked inside it, whoever calls it.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, makeOwner, makeUser } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { createProject } from "../projects/projects";
import { getMemberContext } from "../workspaces";
import { quickCreateCard } from "./quick-create";

const ctxFor = async (userId: string) => getMemberContext(await authedRequest(userId, "/dashboard"));
const cardsOf = (projectId: string) => db().select().from(schema.cards).where(eq(schema.cards.projectId, projectId));

describe("quickCreateCard", () => {
  beforeEach(resetDb);

  it("puts the card in the project's first 'not started' column", async () => {
    const { user } = await makeOwner();
    const project = await createProject(await ctxFor(user.id), { name: "Site" });
    const { card } = await quickCreateCard(await ctxFor(user.id), { projectId: project.id, title: "  Call the printer " });
    expect(card).toMatchObject({ number: 1, title: "Call the printer" });
    const [column] = await db().select().from(schema.boardColumns).where(eq(schema.boardColumns.id, card.columnId));
    expect(column!.stateGroup).toBe("unstarted");
  });

  it("refuses a viewer with a 403 and creates nothing", async () => {
    const { user, workspace } = await makeOwner();
    const project = await createProject(await ctxFor(user.id), { name: "Site" });
    const viewer = await makeUser();
    await addMember(workspace.id, viewer.id, "viewer");
    await expect(quickCreateCard(await ctxFor(viewer.id), { projectId: project.id, title: "Nope" })).rejects.toMatchObject({
      status: 403,
      message: "Your role in this workspace can view this board but not change it.",
    });
    expect(await cardsOf(project.id)).toHaveLength(0);
  });

  it("refuses a read-only workspace with the read-only message", async () => {
    const { user, workspace } = await makeOwner();
    const project = await createProject(await ctxFor(user.id), { name: "Site" });
    await db()
      .update(schema.workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(schema.workspaces.id, workspace.id));
    await expect(quickCreateCard(await ctxFor(user.id), { projectId: project.id, title: "Nope" })).rejects.toMatchObject({
      status: 403,
      message: expect.stringContaining("read-only"),
    });
    expect(await cardsOf(project.id)).toHaveLength(0);
  });

  it("does not find another workspace's project", async () => {
    const theirs = await makeOwner();
    const project = await createProject(await ctxFor(theirs.user.id), { name: "Theirs" });
    const { user } = await makeOwner();
    await expect(quickCreateCard(await ctxFor(user.id), { projectId: project.id, title: "Sneaky" })).rejects.toMatchObject({
      status: 404,
      field: "projectId",
    });
    expect(await cardsOf(project.id)).toHaveLength(0);
  });
});
