import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, makeOwner, makeUser } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { answer } from "../../tests/support/route-requests";
import type { FormReply } from "~/components/ui/conform";
import { action, loader } from "./_app.settings_.webhooks.server";

type Answer = FormReply | { secret: { endpointId: string; secret: string; rotated: boolean } };
const post = (request: Request) => answer<Answer>(action({ request, params: {}, context: {} }));

/** A form post with repeated fields (the event checkboxes), as a browser sends it without JavaScript. */
function form(base: Request, fields: [string, string][]) {
  return new Request(base.url, {
    method: "POST",
    headers: { Cookie: base.headers.get("Cookie") ?? "", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("/settings/webhooks", () => {
  beforeEach(resetDb);

  it("adds an endpoint from the plain form, shows its secret once, rotates it, switches it off and on, and deletes it after asking", async () => {
    const { user } = await makeOwner();
    const here = await authedRequest(user.id, "/settings/webhooks");
    const empty = await loader({ request: here, params: {}, context: {} });
    expect(empty.endpoints).toEqual([]);

    const made = await post(
      form(here, [
        ["intent", "create"],
        ["url", "https://hooks.example.com/atelier"],
        ["description", "Deploy bot"],
        ["kinds", "card.created"],
        ["kinds", "comment.created"],
      ]),
    );
    expect(made.status).toBe(200);
    const { secret } = made.body as { secret: { endpointId: string; secret: string } };
    expect(secret.secret).toMatch(/^whsec_/);
    const page = await loader({ request: here, params: {}, context: {} });
    expect(page.endpoints).toMatchObject([
      { url: "https://hooks.example.com/atelier", description: "Deploy bot", kinds: ["card.created", "comment.created"] },
    ]);
    expect(JSON.stringify(page)).not.toContain(secret.secret);

    const rotated = await post(
      form(here, [
        ["intent", "rotate"],
        ["endpointId", secret.endpointId],
      ]),
    );
    const next = (rotated.body as { secret: { secret: string; rotated: boolean } }).secret;
    expect(next).toMatchObject({ rotated: true });
    expect(next.secret).not.toBe(secret.secret);
    expect((await loader({ request: here, params: {}, context: {} })).endpoints[0]!.previousExpiresAt).not.toBeNull();

    expect(
      (
        await post(
          form(here, [
            ["intent", "disable"],
            ["endpointId", secret.endpointId],
          ]),
        )
      ).status,
    ).toBe(303);
    expect((await loader({ request: here, params: {}, context: {} })).endpoints[0]).toMatchObject({ disabledReason: "manual" });
    expect(
      (
        await post(
          form(here, [
            ["intent", "enable"],
            ["endpointId", secret.endpointId],
          ]),
        )
      ).status,
    ).toBe(303);
    expect((await loader({ request: here, params: {}, context: {} })).endpoints[0]).toMatchObject({ disabledAt: null });

    const asked = await loader({
      request: await authedRequest(user.id, `/settings/webhooks?delete=${secret.endpointId}`),
      params: {},
      context: {},
    });
    expect(asked.confirmDelete?.id).toBe(secret.endpointId);
    expect(
      (
        await post(
          form(here, [
            ["intent", "delete"],
            ["endpointId", secret.endpointId],
          ]),
        )
      ).status,
    ).toBe(303);
    expect((await loader({ request: here, params: {}, context: {} })).endpoints).toEqual([]);
  });

  it("answers a bad form field by field: no events chosen, a plain-http or private URL", async () => {
    const { user } = await makeOwner();
    const here = await authedRequest(user.id, "/settings/webhooks");
    const noKinds = await post(
      form(here, [
        ["intent", "create"],
        ["url", "https://hooks.example.com/in"],
      ]),
    );
    expect(noKinds.status).toBe(400);
    expect((noKinds.body as FormReply).error?.kinds).toBeDefined();
    const plain = await post(
      form(here, [
        ["intent", "create"],
        ["url", "http://hooks.example.com/in"],
        ["kinds", "card.created"],
      ]),
    );
    expect(plain.status).toBe(400);
    expect((plain.body as FormReply).error?.url?.[0]).toMatch(/https/);
    const local = await post(
      form(here, [
        ["intent", "create"],
        ["url", "https://192.168.1.5/in"],
        ["kinds", "card.created"],
      ]),
    );
    expect((local.body as FormReply).error?.url?.[0]).toMatch(/private or local/);
  });

  it("is for owners and admins: a member is refused", async () => {
    const { workspace } = await makeOwner();
    const member = await makeUser();
    await addMember(workspace.id, member.id, "member");
    const here = await authedRequest(member.id, "/settings/webhooks");
    await expect(loader({ request: here, params: {}, context: {} })).rejects.toMatchObject({ init: { status: 403 } });
  });
});
