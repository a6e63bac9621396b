import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { authedRequest, formRequest, makeOwner, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { boardAction } from "~/routes/_app.projects.$id.server";
import { boardApiAction } from "~/routes/api.projects.$id.board.server";
import { db, schema } from "../db";
import { listActivity } from "./activity";
import { loadBoard } from "./board-reads";
import { createCard, STALE_CARD_MESSAGE, updateCard } from "./cards";
import { createProject } from "./projects";

/**
 * Never lose an edit (docs/decisions/016): a card's update takes only the fields the writer
 * changed, each checked against the value the writer started from, so a stale write to one
 * field never puts back an old value of another, and a concurrent change to the same field
 * is refused rather than overwritten.
 */
async function setup() {
  const { user } = await makeOwner();
  const member = await memberOf(user.id);
  const project = await createProject(member, { name: "Edits" });
  const { columns } = await loadBoard(member, project.id);
  const card = await createCard(member, project.id, { columnId: columns[0]!.id, title: "Draft the brief", priority: "low" });
  return { user, member, project, card };
}

const row = async (id: string) => (await db().select().from(schema.cards).where(eq(schema.cards.id, id)))[0]!;

describe("updating a card field by field", () => {
  beforeEach(resetDb);

  it("a stale write to the title never overwrites a concurrent change to the description", async () => {
    const { member, project, card } = await setup();
    // Both opened the card at version 1. Maya saves the description first.
    await updateCard(member, project.id, card.id, card.version, { description: "Maya's notes" }, { description: "" });
    // Lena, still at version 1, saves only her title, with the title she started from.
    await updateCard(member, project.id, card.id, card.version, { title: "Lena's title" }, { title: "Draft the brief" });
    expect(await row(card.id)).toMatchObject({ title: "Lena's title", description: "Maya's notes", priority: "low", version: 3 });
  });

  it("a form that posts every field writes only those the writer changed (each equal to its base is left alone)", async () => {
    const { member, project, card } = await setup();
    await updateCard(
      member,
      project.id,
      card.id,
      card.version,
      { description: "Theirs", priority: "urgent" },
      { description: "", priority: "low" },
    );
    const opened = { title: "Draft the brief", description: "", priority: "low" as const, dueDate: null };
    await updateCard(member, project.id, card.id, card.version, { ...opened, title: "Mine", dueDate: "2026-11-20" }, opened);
    expect(await row(card.id)).toMatchObject({ title: "Mine", description: "Theirs", priority: "urgent", dueDate: "2026-11-20" });
    const log = await listActivity(member.workspace.id, { cardId: card.id });
    expect(log.filter((a) => a.action === "card.updated").map((a) => a.field)).toEqual(
      expect.arrayContaining(["title", "dueDate", "description", "priority"]),
    );
    expect(log.filter((a) => a.field === "description")).toHaveLength(1);
    expect(log.filter((a) => a.field === "priority")).toHaveLength(1);
  });

  it("refuses a write to a field someone else changed since (409, nothing of the write saved), and saves it once based on theirs", async () => {
    const { member, project, card } = await setup();
    await updateCard(member, project.id, card.id, card.version, { title: "Lena's title" }, { title: "Draft the brief" });
    await expect(
      updateCard(
        member,
        project.id,
        card.id,
        card.version,
        { title: "Maya's title", priority: "high" },
        { title: "Draft the brief", priority: "low" },
      ),
    ).rejects.toMatchObject({ status: 409, message: STALE_CARD_MESSAGE });
    expect(await row(card.id)).toMatchObject({ title: "Lena's title", priority: "low", version: 2 });

    // Having seen Lena's title, Maya saves hers on purpose: its base is now Lena's.
    await updateCard(member, project.id, card.id, 2, { title: "Maya's title" }, { title: "Lena's title" });
    expect(await row(card.id)).toMatchObject({ title: "Maya's title", version: 3 });
  });

  it("takes a write that changes nothing new (the card already holds the value) without a conflict or a new version", async () => {
    const { member, project, card } = await setup();
    await updateCard(member, project.id, card.id, card.version, { priority: "high" }, { priority: "low" });
    const same = await updateCard(member, project.id, card.id, card.version, { priority: "high" }, { priority: "low" });
    expect(same.version).toBe(2);
  });

  it("without a base (an API client sending values only) the version decides, as before", async () => {
    const { member, project, card } = await setup();
    await updateCard(member, project.id, card.id, card.version, { description: "Elsewhere" });
    await expect(updateCard(member, project.id, card.id, card.version, { title: "Stale" })).rejects.toMatchObject({ status: 409 });
    await updateCard(member, project.id, card.id, 2, { title: "Fresh" });
    expect(await row(card.id)).toMatchObject({ title: "Fresh", description: "Elsewhere", version: 3 });
  });

  it("compares descriptions with one kind of line break: a form's CRLF equals the stored LF", async () => {
    const { member, project, card } = await setup();
    await updateCard(member, project.id, card.id, card.version, { description: "one\r\ntwo" }, { description: "" });
    expect((await row(card.id)).description).toBe("one\ntwo");
    await updateCard(
      member,
      project.id,
      card.id,
      1,
      { title: "Renamed", description: "one\r\ntwo" },
      { title: "Draft the brief", description: "one\r\ntwo" },
    );
    expect(await row(card.id)).toMatchObject({ title: "Renamed", description: "one\ntwo", version: 3 });
  });
});

describe("the update-card post, with and without JavaScript", () => {
  beforeEach(resetDb);

  it("the page's plain form (every field and its base) saves only the changed field over a teammate's newer description", async () => {
    const { user, member, project, card } = await setup();
    await updateCard(member, project.id, card.id, card.version, { description: "Written meanwhile" }, { description: "" });
    const page = await authedRequest(user.id, `/projects/${project.id}?task=${card.id}`);
    const res = (await boardAction(
      formRequest(page, {
        intent: "update-card",
        cardId: card.id,
        version: "1",
        title: "New title",
        description: "",
        priority: "low",
        dueDate: "",
        baseTitle: "Draft the brief",
        baseDescription: "",
        basePriority: "low",
        baseDueDate: "",
      }),
      project.id,
    )) as Response;
    expect(res.status).toBe(303);
    expect(await row(card.id)).toMatchObject({ title: "New title", description: "Written meanwhile", dueDate: null });
  });

  it("the panel's save of one field answers JSON with the new version, and a conflict with a 409 version_conflict problem", async () => {
    const { user, member, project, card } = await setup();
    const api = await authedRequest(user.id, `/api/projects/${project.id}/board`);
    const post = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, v);
      return boardApiAction(new Request(api.url, { method: "POST", headers: { Cookie: api.headers.get("Cookie")! }, body }), project.id);
    };
    const saved = await post({ intent: "update-card", cardId: card.id, version: "1", priority: "urgent", basePriority: "low" });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ ok: true, message: "Card saved.", version: 2 });

    await updateCard(member, project.id, card.id, 2, { title: "Theirs" }, { title: "Draft the brief" });
    const refused = await post({ intent: "update-card", cardId: card.id, version: "2", title: "Mine", baseTitle: "Draft the brief" });
    expect(refused.status).toBe(409);
    expect(refused.headers.get("Content-Type")).toBe("application/problem+json");
    expect(await refused.json()).toMatchObject({
      status: 409,
      code: "version_conflict",
      detail: STALE_CARD_MESSAGE,
      intent: "update-card",
    });
    expect(await row(card.id)).toMatchObject({ title: "Theirs", priority: "urgent" });
  });
});
