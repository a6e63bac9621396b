import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, formRequest, makeOwner, makeUser } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { answer } from "../../tests/support/route-requests";
import { apiMember } from "~/.server/http/api-member";
import type { FormReply } from "~/components/ui/conform";
import { action, loader } from "./_app.settings_.api-keys.server";

type Answer = FormReply | { created: { id: string; name: string; key: string } };
const post = (request: Request) => answer<Answer>(action({ request, params: {}, context: {} }));

describe("/settings/api-keys", () => {
  beforeEach(resetDb);

  it("makes a key from the plain form, shows its text once, lists it, and revokes it", async () => {
    const { user } = await makeOwner();
    const here = await authedRequest(user.id, "/settings/api-keys");
    const made = await post(
      formRequest(here, {
        intent: "create",
        type: "workspace",
        name: "Nightly export",
        expiresInDays: "90",
        "access.card": "read",
        "access.project": "write",
      }),
    );
    expect(made.status).toBe(200);
    const { created } = made.body as { created: { id: string; key: string } };
    expect(created.key).toMatch(/^atl_test_/);
    expect(
      await apiMember(new Request("http://localhost:3000/api", { headers: { Authorization: `Bearer ${created.key}` } }), "card"),
    ).not.toBeInstanceOf(Response);

    const page = await loader({ request: here, params: {}, context: {} });
    expect(page.keys).toHaveLength(1);
    expect(page.keys[0]).toMatchObject({ name: "Nightly export", type: "workspace", scopes: ["project:write", "card:read"] });
    expect(JSON.stringify(page)).not.toContain(created.key);
    const asked = await loader({
      request: await authedRequest(user.id, `/settings/api-keys?revoke=${created.id}`),
      params: {},
      context: {},
    });
    expect(asked.confirmRevoke?.id).toBe(created.id);

    const revoked = await post(formRequest(here, { intent: "revoke", keyId: created.id }));
    expect(revoked.status).toBe(303);
    const refused = await apiMember(
      new Request("http://localhost:3000/api", { headers: { Authorization: `Bearer ${created.key}` } }),
      "card",
    );
    expect((refused as Response).status).toBe(401);
  });

  it("says what is missing, and lets a member make only personal keys", async () => {
    const { user, workspace } = await makeOwner();
    const empty = await post(
      formRequest(await authedRequest(user.id, "/settings/api-keys"), {
        intent: "create",
        type: "workspace",
        name: "",
        expiresInDays: "90",
      }),
    );
    expect(empty.status).toBe(400);
    expect((empty.body as FormReply).error).toMatchObject({ name: ["Give the key a name."] });
    const scopeless = await post(
      formRequest(await authedRequest(user.id, "/settings/api-keys"), {
        intent: "create",
        type: "workspace",
        name: "CI",
        expiresInDays: "90",
      }),
    );
    expect((scopeless.body as FormReply).error).toMatchObject({ access: ["Give the key at least one scope."] });

    const person = await makeUser();
    await addMember(workspace.id, person.id, "member");
    const theirs = await authedRequest(person.id, "/settings/api-keys");
    expect((await loader({ request: theirs, params: {}, context: {} })).canMakeWorkspaceKeys).toBe(false);
    const refused = await post(
      formRequest(theirs, { intent: "create", type: "workspace", name: "Mine", expiresInDays: "30", "access.card": "read" }),
    );
    expect(refused.status).toBe(403);
    expect((refused.body as FormReply).error).toMatchObject({ "": ["Only owners and admins can make or revoke workspace keys."] });
    const personal = await post(
      formRequest(theirs, { intent: "create", type: "personal", name: "Mine", expiresInDays: "30", "access.card": "read" }),
    );
    expect(personal.status).toBe(200);
  });
});
