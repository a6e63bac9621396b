import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, makeOwner, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { loadBoard } from "../projects/board-reads";
import { createCard, deleteCard } from "../projects/cards";
import { createProject } from "../projects/projects";
import { setEstimate } from "./estimates";

/** Estimate history (decision 022): setEstimate keeps every change, in its own transaction. */
const history = (cardId: string) =>
  db()
    .select({
      workspaceId: schema.cardEstimateChanges.workspaceId,
      projectId: schema.cardEstimateChanges.projectId,
      points: schema.cardEstimateChanges.points,
      at: schema.cardEstimateChanges.at,
      backfilled: schema.cardEstimateChanges.backfilled,
    })
    .from(schema.cardEstimateChanges)
    .where(eq(schema.cardEstimateChanges.cardId, cardId))
    .orderBy(asc(schema.cardEstimateChanges.at), asc(schema.cardEstimateChanges.id));

describe("estimate history", () => {
  beforeEach(resetDb);

  it("each change of an estimate is a row at its time; none when nothing changed or the change is refused", async () => {
    const { user, workspace } = await makeOwner();
    const member = await memberOf(user.id);
    const project = await createProject(member, { name: "Points" });
    const { columns } = await loadBoard(member, project.id);
    const card = await createCard(member, project.id, { columnId: columns[1]!.id, title: "Estimate me" });
    expect(await history(card.id)).toEqual([]);

    const t = (h: number) => new Date(Date.UTC(2026, 2, 2, h));
    expect(await setEstimate(member, project.id, card.id, 3, t(9))).toBe(true);
    expect(await setEstimate(member, project.id, card.id, 3, t(10))).toBe(false);
    expect(await setEstimate(member, project.id, card.id, 2.5, t(11))).toBe(true);
    await expect(setEstimate(member, project.id, card.id, 1.25, t(12))).rejects.toMatchObject({ status: 400 });
    const viewer = await makeUser();
    await addMember(workspace.id, viewer.id, "viewer");
    await expect(setEstimate(await memberOf(viewer.id), project.id, card.id, 8, t(12))).rejects.toMatchObject({ status: 403 });
    const { user: stranger } = await makeOwner();
    await expect(setEstimate(await memberOf(stranger.id), project.id, card.id, 8, t(12))).rejects.toMatchObject({ status: 404 });
    expect(await setEstimate(member, project.id, card.id, null, t(13))).toBe(true);
    expect(await setEstimate(member, project.id, card.id, null, t(14))).toBe(false);

    const tenancy = { workspaceId: workspace.id, projectId: project.id, backfilled: false };
    expect(await history(card.id)).toEqual([
      { ...tenancy, points: 3, at: t(9) },
      { ...tenancy, points: 2.5, at: t(11) },
      { ...tenancy, points: null, at: t(13) },
    ]);

    // The history outlives the card, as the transition log does: its past days keep their points.
    await setEstimate(member, project.id, card.id, 5, t(15));
    await deleteCard(member, project.id, card.id);
    expect((await history(card.id)).map((r) => r.points)).toEqual([3, 2.5, null, 5]);
  });
});
