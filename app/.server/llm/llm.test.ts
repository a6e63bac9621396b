import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LocalLlmServer, lastUserText } from "../../../tests/support/llm-server";
import { addMember, authedRequest, formRequest, makeOwner, makeUser, memberOf } from "../../../tests/support/factories";
import { answer } from "../../../tests/support/route-requests";
import { action, analyticsLoader } from "../../routes/_app.analytics.server";
import { action as settingsAction, loader as settingsLoader } from "../../routes/_app.settings.server";
import { moveCard, createCard } from "../projects/cards";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { parseEnv, resetEnvForTests } from "../env";
import { loadBoard } from "../projects/board-reads";
import { createProject } from "../projects/projects";
import { askAboutProject } from "./ask";
import { chat, LlmFailure, llmConfig } from "./index";
import { setShareCardTitles, shareCardTitles } from "./settings";
import { clearSummaryCacheForTests, writeSummary } from "./summary";

const llm = new LocalLlmServer();
const RULES = "12 cards were completed (the rule engine's text).";

function configure(on: boolean, timeoutMs = 3000) {
  if (on) {
    process.env.LLM_BASE_URL = llm.url;
    process.env.LLM_API_KEY = "test-key";
    process.env.LLM_MODEL = "local-model";
    process.env.LLM_TIMEOUT_MS = String(timeoutMs);
  } else {
    for (const k of ["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_TIMEOUT_MS"]) delete process.env[k];
  }
  resetEnvForTests();
}

beforeAll(() => llm.start());
afterAll(async () => {
  configure(false);
  await llm.close();
});
beforeEach(() => {
  llm.reset();
  clearSummaryCacheForTests();
  configure(true);
});
afterEach(() => vi.restoreAllMocks());

describe("the language-model settings", () => {
  it("takes all three variables or none, and names the missing ones", () => {
    expect(() => parseEnv({ LLM_BASE_URL: "http://x.test/v1", LLM_MODEL: "m" })).toThrow(
      /LLM_API_KEY: set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL together/,
    );
    expect(() => parseEnv({ LLM_BASE_URL: "not a url", LLM_API_KEY: "k", LLM_MODEL: "m" })).toThrow(/LLM_BASE_URL/);
    expect(parseEnv({}).LLM_BASE_URL).toBeUndefined();
    expect(parseEnv({ LLM_BASE_URL: "http://x.test/v1/", LLM_API_KEY: "k", LLM_MODEL: "m" }).LLM_TIMEOUT_MS).toBe(8000);
  });

  it("is off without the variables: no summary from the model, no request sent", async () => {
    configure(false);
    expect(llmConfig()).toBeNull();
    expect(await writeSummary({ completed: 12 }, RULES)).toEqual({ text: RULES, source: "rules" });
    expect(llm.requests).toHaveLength(0);
  });
});

describe("the chat-completions client against the local server", () => {
  it("sends the model, the key and the messages, and returns the answer's text", async () => {
    llm.reply = (req) => `echo: ${lastUserText(req)}`;
    expect(await chat([{ role: "user", content: "hello" }])).toBe("echo: hello");
    expect(llm.requests[0]).toMatchObject({
      model: "local-model",
      authorization: "Bearer test-key",
      messages: [{ role: "user", content: "hello" }],
    });
  });

  it.each([
    ["timeout", "timeout"],
    ["429", "rate-limited"],
    ["500", "http"],
    ["malformed", "malformed"],
    ["no-choices", "malformed"],
  ] as const)("turns %s into an LlmFailure (%s)", async (mode, reason) => {
    if (mode === "timeout") configure(true, 300);
    llm.failNext(mode);
    const failure = await chat([{ role: "user", content: "x" }]).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(LlmFailure);
    expect((failure as LlmFailure).reason).toBe(reason);
  });

  it.each(["timeout", "429", "malformed", "no-choices"] as const)(
    "falls back to the rule engine's text on %s, with a warning",
    async (mode) => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      if (mode === "timeout") configure(true, 300);
      llm.failNext(mode);
      expect(await writeSummary({ completed: 12 }, RULES)).toEqual({ text: RULES, source: "rules" });
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("[llm] summary: falling back"));
      // The next call asks again and gets the model's words.
      expect(await writeSummary({ completed: 12 }, RULES)).toEqual({
        text: "Local model summary: the team completed 12 cards in this range.",
        source: "model",
      });
    },
  );

  it("a page that cannot wait gets the rule engine's words now and the model's on its next view, with one request", async () => {
    llm.delayMs = 400;
    expect(await writeSummary({ completed: 12 }, RULES, { waitMs: 20 })).toEqual({ text: RULES, source: "rules", pending: true });
    // A second view while the model is still writing joins the same call.
    const second = await writeSummary({ completed: 12 }, RULES, { waitMs: 5_000 });
    expect(second).toEqual({ text: "Local model summary: the team completed 12 cards in this range.", source: "model" });
    expect(await writeSummary({ completed: 12 }, RULES, { waitMs: 0 })).toEqual(second);
    expect(llm.requests).toHaveLength(1);
  });

  it("keeps a summary per set of facts, and sends only the facts it is given", async () => {
    llm.reply = () => "**Steady** work: `12` done.";
    const first = await writeSummary({ completed: 12, overdue: 1 }, RULES);
    expect(first).toEqual({ text: "Steady work: 12 done.", source: "model" });
    await writeSummary({ completed: 12, overdue: 1 }, RULES);
    expect(llm.requests).toHaveLength(1);
    expect(lastUserText(llm.requests[0]!)).toBe('Facts (JSON): {"completed":12,"overdue":1}');
    await writeSummary({ completed: 13, overdue: 1 }, RULES);
    expect(llm.requests).toHaveLength(2);
  });
});

describe("ask about this project", () => {
  beforeEach(async () => {
    await resetDb();
  });

  async function project() {
    const { user, workspace } = await makeOwner({ fullName: "Olive Owner" });
    const member = await memberOf(user.id);
    const p = await createProject(member, { name: "Launch" });
    const { columns } = await loadBoard(member, p.id);
    const todo = columns[1]!;
    const urgent = await createCard(member, p.id, { columnId: todo.id, title: "Fix the login page", priority: "urgent" });
    await createCard(member, p.id, { columnId: todo.id, title: "Write the changelog" });
    const [bug] = await db()
      .insert(schema.labels)
      .values({ workspaceId: workspace.id, projectId: p.id, name: "Bug", color: "red" })
      .returning();
    return { member, p, urgent, bug: bug! };
  }

  it("turns the question into the board's filter, validated, and lists the matching cards", async () => {
    const { member, p, urgent } = await project();
    const answer = await askAboutProject(member, p.id, "Which urgent cards are there?");
    expect(answer).toEqual({
      ok: true,
      question: "Which urgent cards are there?",
      filter: { priority: "urgent" },
      parts: ["Priority: Urgent"],
      href: `/projects/${p.id}?priority=urgent`,
      cards: [
        {
          id: urgent.id,
          number: urgent.number,
          title: "Fix the login page",
          column: "To do",
          href: `/projects/${p.id}?priority=urgent&task=${urgent.id}`,
        },
      ],
      total: 1,
    });
    // The model saw the question, the labels and the members, never a card title.
    const sent = JSON.stringify(llm.requests[0]!.messages);
    expect(sent).toContain("Question: Which urgent cards are there?");
    expect(sent).toContain('Labels: [\\"Bug\\"]');
    expect(sent).not.toContain("Fix the login page");
    expect(llm.requests[0]!.response_format).toEqual({ type: "json_object" });
  });

  it("maps names to ids, and refuses a label or person the project does not have", async () => {
    const { member, p, bug } = await project();
    llm.reply = () => JSON.stringify({ label: "bug", assignee: "Olive Owner", q: "login" });
    const answer = await askAboutProject(member, p.id, "Olive's bugs about login?");
    expect(answer).toMatchObject({
      ok: true,
      filter: { q: "login", assignee: member.user.id, label: bug.id },
      parts: ["Title contains “login”", "Assigned to Olive Owner", "Label: Bug"],
      href: `/projects/${p.id}?q=login&assignee=${member.user.id}&label=${bug.id}`,
      total: 0,
    });
    llm.reply = () => JSON.stringify({ label: "Feature" });
    expect(await askAboutProject(member, p.id, "features?")).toMatchObject({
      ok: false,
      message: expect.stringContaining("a label this project does not have (Feature)"),
    });
    llm.reply = () => JSON.stringify({});
    expect(await askAboutProject(member, p.id, "how is the weather?")).toMatchObject({
      ok: false,
      message: expect.stringContaining("does not translate"),
    });
  });

  it.each([
    ["a key the board does not know", () => JSON.stringify({ sql: "drop table cards" })],
    ["a priority the board does not know", () => JSON.stringify({ priority: "critical" })],
    ["text that is not JSON", () => "Sure! Here is the filter: priority=urgent"],
  ])("refuses %s (zod) and answers with a message, not a filter", async (_name, reply) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { member, p } = await project();
    llm.reply = reply;
    expect(await askAboutProject(member, p.id, "urgent?")).toEqual({
      ok: false,
      question: "urgent?",
      message: expect.stringContaining("did not give a usable answer"),
      href: `/projects/${p.id}`,
    });
  });

  it.each(["timeout", "429", "malformed"] as const)("answers a %s with a message", async (mode) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { member, p } = await project();
    if (mode === "timeout") configure(true, 300);
    llm.failNext(mode);
    expect(await askAboutProject(member, p.id, "urgent?")).toMatchObject({
      ok: false,
      message: expect.stringContaining("did not give a usable answer"),
    });
  });

  it("is refused without the variables, and for another workspace's project", async () => {
    const { member, p } = await project();
    const { user: stranger } = await makeOwner();
    await expect(askAboutProject(await memberOf(stranger.id), p.id, "urgent?")).rejects.toMatchObject({ status: 404 });
    configure(false);
    await expect(askAboutProject(member, p.id, "urgent?")).rejects.toMatchObject({ status: 404 });
    expect(llm.requests).toHaveLength(0);
  });
});

describe("the workspace's card-title setting", () => {
  beforeEach(() => resetDb());

  it("is off by default; admins and owners change it, members may not", async () => {
    const { user, workspace } = await makeOwner();
    const owner = await memberOf(user.id);
    expect(await shareCardTitles(workspace.id)).toBe(false);
    await setShareCardTitles(owner, true);
    expect(await shareCardTitles(workspace.id)).toBe(true);
    await expect(setShareCardTitles({ ...owner, role: "member" }, false)).rejects.toMatchObject({ status: 403 });
    expect(await shareCardTitles(workspace.id)).toBe(true);
  });
});

describe("/analytics with and without the language model", () => {
  beforeEach(() => resetDb());

  async function finished() {
    const { user } = await makeOwner();
    const member = await memberOf(user.id);
    const p = await createProject(member, { name: "Launch" });
    const { columns } = await loadBoard(member, p.id);
    for (const title of ["Secret launch plan", "Pricing page"]) {
      const card = await createCard(member, p.id, { columnId: columns[1]!.id, title });
      await moveCard(member, p.id, { cardId: card.id, toColumnId: columns[2]!.id, index: 0 });
      await moveCard(member, p.id, { cardId: card.id, toColumnId: columns[4]!.id, index: 0 });
    }
    return { user, member, p };
  }

  it("without the variables: no summary, no ask, nothing sent", async () => {
    configure(false);
    const { user, p } = await finished();
    const page = await analyticsLoader(await authedRequest(user.id, `/analytics?project=${p.id}`));
    expect(page.llm).toBeNull();
    const req = await authedRequest(user.id, `/analytics?project=${p.id}`);
    const answer = (await action({
      request: formRequest(req, { intent: "ask", project: p.id, question: "urgent cards?" }),
      params: {},
      context: {},
    })) as {
      data: { reply: { error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(answer.init.status).toBe(404);
    expect(answer.data.reply.error[""]).toEqual(["Asking about a project needs a language model, and none is configured."]);
    expect(llm.requests).toHaveLength(0);
  });

  it("writes the summary from the page's numbers; card titles go only when the workspace allows them", async () => {
    const { user, member, p } = await finished();
    const { columns } = await loadBoard(member, p.id);
    await createCard(member, p.id, { columnId: columns[1]!.id, title: "Renew the secret domain", dueDate: "2020-01-01" });
    const page = await analyticsLoader(await authedRequest(user.id, `/analytics?project=${p.id}`));
    expect(page.llm!.summary).toEqual({ text: "Local model summary: the team completed 2 cards in this range.", source: "model" });
    const facts = lastUserText(llm.requests[0]!);
    expect(facts).toContain('"completed":2');
    expect(facts).toContain('"overdue":1');
    // The rule engine's insights go as their type and severity only (their titles may name cards).
    expect(facts).toMatch(/"needsAttention":\[\{"type":"overdue","severity":"\w+"\}/);
    expect(facts).not.toContain("Secret launch plan");
    expect(facts).not.toContain("secret domain");

    await setShareCardTitles(member, true);
    await analyticsLoader(await authedRequest(user.id, `/analytics?project=${p.id}`));
    expect(lastUserText(llm.requests[1]!)).toContain("Secret launch plan");
    expect(lastUserText(llm.requests[1]!)).toContain('"needsAttention":[{"type":"overdue","severity":"high","title":"1 card overdue"}]');

    // A failing model: the same numbers in the rule engine's words.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    clearSummaryCacheForTests();
    llm.failNext("429");
    const fallback = await analyticsLoader(await authedRequest(user.id, `/analytics?project=${p.id}`));
    expect(fallback.llm!.summary).toEqual({
      text: expect.stringMatching(/^2 cards were completed in this range.* 1 open card is overdue\..*Needs attention: 1 card overdue\.$/),
      source: "rules",
    });
  });

  it("answers the ask form with the filter, and a missing question with the field's message", async () => {
    const { user, p } = await finished();
    const req = await authedRequest(user.id, `/analytics?project=${p.id}`);
    const ok = (await action({
      request: formRequest(req, { intent: "ask", project: p.id, question: 'cards about "pricing"' }),
      params: {},
      context: {},
    })) as {
      answer: { ok: true; parts: string[]; total: number };
    };
    expect(ok.answer).toMatchObject({ ok: true, parts: ["Title contains “pricing”"], total: 1 });
    const empty = (await action({
      request: formRequest(req, { intent: "ask", project: p.id, question: "" }),
      params: {},
      context: {},
    })) as {
      data: { reply: { error: Record<string, string[]> }; answer: null };
    };
    expect(empty.data.reply.error.question).toEqual(["Type a question, for example: which urgent cards are overdue?"]);
  });
});

describe("/settings, the language model's card-title setting", () => {
  beforeEach(() => resetDb());

  it("shows only with a model configured; an owner turns it on, a member is refused", async () => {
    const { user, workspace } = await makeOwner();
    const req = await authedRequest(user.id, "/settings");
    const args = (request: Request) => ({ request, params: {}, context: {} });
    expect((await settingsLoader(args(req))).llm).toEqual({ shareCardTitles: false });
    const saved = await answer(settingsAction(args(formRequest(req, { intent: "update-llm", shareCardTitles: "on" }))));
    expect(saved.status).toBe(303);
    expect(saved.location).toBe("/settings#language-model");
    expect(await shareCardTitles(workspace.id)).toBe(true);

    const colleague = await makeUser();
    await addMember(workspace.id, colleague.id, "member");
    const theirs = await authedRequest(colleague.id, "/settings");
    const refused = await answer<{ error: Record<string, string[]> }>(settingsAction(args(formRequest(theirs, { intent: "update-llm" }))));
    expect(refused.status).toBe(403);
    expect(refused.body!.error[""]).toEqual(["Only admins and owners can change workspace settings."]);
    expect(await shareCardTitles(workspace.id)).toBe(true);
    // Unchecked (no field sent): off.
    await settingsAction(args(formRequest(req, { intent: "update-llm" })));
    expect(await shareCardTitles(workspace.id)).toBe(false);

    configure(false);
    expect((await settingsLoader(args(req))).llm).toBeNull();
  });
});
