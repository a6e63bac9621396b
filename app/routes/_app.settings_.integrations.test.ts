import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { shopFileUrl } from "../../tests/support/figma-fixtures";
import { FigmaServer } from "../../tests/support/figma-server";
import { authedRequest, formRequest } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { ownerWithProject } from "../../tests/support/project-fixture";
import { answer } from "../../tests/support/route-requests";
import { SlackReceiver } from "../../tests/support/slack-receiver";
import { resetEnvForTests } from "~/.server/env";
import { readFlash } from "~/.server/http/flash";
import type { FormReply } from "~/components/ui/conform";
import { action, loader } from "./_app.settings_.integrations.server";
import { loader as callback } from "./figma-callback.server";
import { action as importFigma } from "./_app.wireframes.import-figma.server";

const figma = new FigmaServer();
const slack = new SlackReceiver();
const post = (request: Request) => answer<FormReply>(action({ request, params: {}, context: {} }));

/** The toast a redirect carries, as the next page shows it. */
async function toastOf(res: { headers: Headers }) {
  const cookie = res.headers.get("Set-Cookie")!.split(";")[0]!;
  const { toasts } = await readFlash(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));
  return toasts[0]!;
}

beforeAll(async () => {
  await Promise.all([figma.start(), slack.start()]);
  Object.assign(process.env, figma.env(), { SLACK_WEBHOOK_HOSTS: slack.origin });
  resetEnvForTests();
});
afterAll(async () => {
  for (const key of [...Object.keys(figma.env()), "SLACK_WEBHOOK_HOSTS"]) delete process.env[key];
  resetEnvForTests();
  await Promise.all([figma.close(), slack.close()]);
});
beforeEach(resetDb);

describe("/settings/integrations", () => {
  it("connects Figma through the plain form and /figma-callback, imports a file from /wireframes, and disconnects after asking", async () => {
    const { user, project } = await ownerWithProject("Shop");
    const here = await authedRequest(user.id, "/settings/integrations");
    const before = await loader({ request: here, params: {}, context: {} });
    expect(before.figma).toEqual({ configured: true, connection: null, confirmDisconnect: false });

    const started = await post(formRequest(here, { intent: "connect-figma" }));
    expect(started.status).toBe(303);
    expect(started.location).toMatch(new RegExp(`^${figma.origin}/oauth\\?client_id=e2e-figma-client&`));
    const stateCookie = started.headers.get("Set-Cookie")!.split(";")[0]!;
    const atFigma = await fetch(started.location!, { redirect: "manual" });
    const back = atFigma.headers.get("location")!;
    const signedIn = await authedRequest(user.id, back);
    const cookies = `${signedIn.headers.get("Cookie")}; ${stateCookie}`;
    const finished = await answer<{ outcome: string; handle?: string }>(
      callback({ request: new Request(signedIn.url, { headers: { Cookie: cookies } }), params: {}, context: {} }),
    );
    expect(finished.body).toEqual({ outcome: "connected", handle: "Ada Figma" });
    expect(finished.headers.get("Set-Cookie")).toMatch(/^atelier_figma_oauth=; Max-Age=0/);

    const imported = await answer(
      importFigma({
        request: formRequest(await authedRequest(user.id, "/wireframes/import-figma"), {
          intent: "import-figma",
          url: shopFileUrl(),
          projectId: project.id,
          name: "",
        }),
        params: {},
        context: {},
      }),
    );
    expect(imported.status).toBe(303);
    expect(await toastOf(imported)).toMatchObject({
      title: "Wireframe imported",
      description: expect.stringMatching(/^“Shop app”: 3 screens, .* Not mapped: /),
    });

    const asked = await loader({
      request: await authedRequest(user.id, "/settings/integrations?disconnect=figma"),
      params: {},
      context: {},
    });
    expect(asked.figma).toMatchObject({ connection: { handle: "Ada Figma" }, confirmDisconnect: true });
    const gone = await post(formRequest(here, { intent: "disconnect-figma" }));
    expect(await toastOf(gone)).toMatchObject({ title: "Figma disconnected" });
    expect((await loader({ request: here, params: {}, context: {} })).figma.connection).toBeNull();
  });

  it("connects a project's Slack channel, says why a URL is refused, sends a test message and disconnects", async () => {
    const { user, project } = await ownerWithProject("Shop");
    const here = await authedRequest(user.id, "/settings/integrations");
    const refused = await post(formRequest(here, { intent: "connect-slack", projectId: project.id, url: "https://example.com/hook" }));
    expect(refused.status).toBe(400);
    expect(refused.body!.error).toEqual({ url: [expect.stringMatching(/^That is not a Slack incoming-webhook URL/)] });

    const hook = slack.hookUrl();
    const made = await post(formRequest(here, { intent: "connect-slack", projectId: project.id, url: hook }));
    expect(await toastOf(made)).toMatchObject({ title: "Slack connected to Shop" });
    const tested = await post(formRequest(here, { intent: "test-slack", projectId: project.id }));
    expect(await toastOf(tested)).toMatchObject({ title: "Test message sent" });
    expect(slack.textsAt(hook)).toHaveLength(2);
    const page = await loader({
      request: await authedRequest(user.id, `/settings/integrations?disconnect=${project.id}`),
      params: {},
      context: {},
    });
    expect(page.slack.confirmDisconnect).toMatchObject({ projectId: project.id, projectName: "Shop" });
    await post(formRequest(here, { intent: "disconnect-slack", projectId: project.id }));
    expect((await loader({ request: here, params: {}, context: {} })).slack.projects[0]).toMatchObject({ hint: null });
  });

  it("sends a visitor who is not signed in a page that says what /figma-callback is", async () => {
    const res = await answer<{ outcome: string }>(
      callback({ request: new Request("http://localhost:3000/figma-callback?code=abc"), params: {}, context: {} }),
    );
    expect(res.body).toEqual({ outcome: "signed-out" });
  });
});
