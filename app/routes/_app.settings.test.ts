import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { authedRequest, formRequest, makeOwner } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { answer } from "../../tests/support/route-requests";
import { db, schema } from "~/.server/db";
import type { FormReply } from "~/components/ui/conform";
import { action } from "./_app.settings";

const settingsAction = (request: Request) => answer<FormReply>(action({ request, params: {}, context: {} }));

describe("workspace settings", () => {
  beforeEach(resetDb);

  it("renames, refuses a taken address, and deletes only with the typed name", async () => {
    const { user, workspace } = await makeOwner();
    const other = await makeOwner();
    const here = await authedRequest(user.id, "/settings");
    const taken = await settingsAction(formRequest(here, { intent: "update-workspace", name: "Acme", slug: other.workspace.slug }));
    expect(taken.status).toBe(400);
    expect(taken.body?.error).toMatchObject({ slug: ["That address is taken. Try another."] });
    const bad = await settingsAction(formRequest(here, { intent: "update-workspace", name: "Acme", slug: "Not OK!" }));
    expect(Object.keys(bad.body?.error ?? {})).toEqual(["slug"]);
    expect((await settingsAction(formRequest(here, { intent: "update-workspace", name: "Acme", slug: "acme" }))).status).toBe(303);
    const [ws] = await db().select().from(schema.workspaces).where(eq(schema.workspaces.id, workspace.id));
    expect(ws).toMatchObject({ name: "Acme", slug: "acme" });

    const wrong = await settingsAction(formRequest(here, { intent: "delete-workspace", confirm: "acme" }));
    expect(wrong.status).toBe(400);
    expect((await settingsAction(formRequest(here, { intent: "delete-workspace", confirm: "Acme" }))).status).toBe(303);
    expect(await db().select().from(schema.workspaces).where(eq(schema.workspaces.id, workspace.id))).toHaveLength(0);
  });

  it("names every field's problem at once and keeps what was typed", async () => {
    const { user } = await makeOwner();
    const bad = await settingsAction(
      formRequest(await authedRequest(user.id, "/settings"), { intent: "update-workspace", name: "", slug: "Not OK!" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body?.error).toEqual({
      name: ["Give the workspace a name."],
      slug: ["Use lower-case letters, digits and single hyphens."],
    });
    expect(bad.body?.initialValue).toMatchObject({ slug: "Not OK!" });
  });
});
