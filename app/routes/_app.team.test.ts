import { beforeEach, describe, expect, it } from "vitest";
import { authedRequest, formRequest, makeOwner } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { readFlash } from "~/.server/http/flash";
import { outbox, resetMailForTests } from "~/.server/mail";
import { findInvitation } from "~/.server/workspaces/invitations";
import { action } from "./_app.team._index";

const teamAction = (request: Request) => action({ request, params: {}, context: {} });

/** The toast a redirect carries, read back the way the next page reads it. */
async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  const { toasts } = await readFlash(new Request("http://localhost:3000/team", { headers: { Cookie: cookie } }));
  return toasts[0];
}

describe("team action: sending an invitation twice", () => {
  beforeEach(async () => {
    await resetDb();
    resetMailForTests();
  });

  it("says the second one went again, and the first e-mail's link still opens", async () => {
    const { user } = await makeOwner();
    const invite = async () =>
      (await teamAction(
        formRequest(await authedRequest(user.id, "/team"), { intent: "invite", email: "Twice@Example.test", role: "member" }),
      )) as Response;

    const first = await invite();
    expect(first.status).toBe(303);
    expect(await toastOf(first)).toMatchObject({
      title: "Invitation sent",
      description: "We e-mailed an invitation to twice@example.test.",
    });

    const again = await invite();
    expect(again.status).toBe(303);
    expect(await toastOf(again)).toMatchObject({
      title: "Invitation sent again",
      description: "We e-mailed twice@example.test again. The link in their earlier e-mail works too.",
    });
    const mails = outbox.filter((m) => m.to === "twice@example.test");
    expect(mails).toHaveLength(2);
    const link = (text: string) => /\/invite\/[A-Za-z0-9_-]+/.exec(text)![0];
    expect(link(mails[1]!.text)).toBe(link(mails[0]!.text));
    expect((await findInvitation(link(mails[0]!.text).slice("/invite/".length)))?.state).toBe("open");
  });
});
