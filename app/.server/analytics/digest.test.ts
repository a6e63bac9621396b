import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { addMember, makeOwner, makeUser, memberOf } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { LocalLlmServer, lastUserText } from "../../../tests/support/llm-server";
import { resetEnvForTests } from "../env";
import { JOBS } from "../jobs";
import { runJob } from "../jobs/runner";
import { clearSummaryCacheForTests } from "../llm/summary";
import { outbox, resetMailForTests } from "../mail";
import { setEmailChoice, unsubscribeLink, verifyUnsubscribe } from "../notifications";
import { loadBoard } from "../projects/board-reads";
import { createCard, moveCard } from "../projects/cards";
import { createProject } from "../projects/projects";
import { sendWeeklyDigests } from "./digest";

const at = (iso: string) => vi.setSystemTime(new Date(iso));
const weekly = JOBS.find((j) => j.name === "weekly-digest")!;
const llm = new LocalLlmServer();

function llmOn(on: boolean) {
  if (on) Object.assign(process.env, { LLM_BASE_URL: llm.url, LLM_API_KEY: "k", LLM_MODEL: "local-model", LLM_TIMEOUT_MS: "3000" });
  else for (const k of ["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_TIMEOUT_MS"]) delete process.env[k];
  resetEnvForTests();
}

/** A workspace whose week (Mon 2 to Sun 8 March 2026) finished one card, started another and left one overdue. */
async function week() {
  const { user: owner, workspace } = await makeOwner({ fullName: "Olive Owner", email: "olive@example.test" });
  const member = await memberOf(owner.id);
  const quiet = await makeUser({ fullName: "Quinn Quiet", email: "quinn@example.test" });
  await addMember(workspace.id, quiet.id, "member");
  await setEmailChoice(quiet.id, "weekly_digest", "off");
  const viewer = await makeUser({ fullName: "Vic Viewer", email: "vic@example.test" });
  await addMember(workspace.id, viewer.id, "viewer");
  at("2026-02-25T09:00:00Z");
  const project = await createProject(member, { name: "Launch" });
  const { columns } = await loadBoard(member, project.id);
  const [, todo, doing, , done] = columns;
  const shipped = await createCard(member, project.id, { columnId: todo!.id, title: "Ship the pricing page" });
  const begun = await createCard(member, project.id, { columnId: todo!.id, title: "Draft the launch e-mail" });
  const late = await createCard(member, project.id, { columnId: todo!.id, title: "Renew the domain", dueDate: "2026-03-05" });
  await moveCard(member, project.id, { cardId: shipped.id, toColumnId: doing!.id, index: 0 });
  at("2026-03-03T10:00:00Z");
  await moveCard(member, project.id, { cardId: shipped.id, toColumnId: done!.id, index: 0 });
  at("2026-03-04T10:00:00Z");
  await moveCard(member, project.id, { cardId: begun.id, toColumnId: doing!.id, index: 0 });
  return { owner, quiet, viewer, project, shipped, begun, late };
}

beforeAll(() => llm.start());
afterAll(async () => {
  llmOn(false);
  await llm.close();
});
beforeEach(async () => {
  await resetDb();
  resetMailForTests();
  llm.reset();
  clearSummaryCacheForTests();
  llmOn(false);
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the weekly digest", () => {
  it("mails each member who did not opt out: completed, started, overdue, insights, with one unsubscribe link", async () => {
    const { owner, viewer, project, shipped, begun, late } = await week();
    at("2026-03-09T06:00:00Z");
    expect(await sendWeeklyDigests("2026-03-09")).toBe(2);
    expect(outbox.map((m) => m.to).sort()).toEqual(["olive@example.test", "vic@example.test"]);
    const mail = outbox.find((m) => m.to === "olive@example.test")!;
    expect(mail.subject).toBe("Your week in Olive Owner's workspace: 1 completed, 1 started, 1 overdue");
    expect(mail.text).toContain(
      "Completed (1)\n- #1 Ship the pricing page · Launch\n  http://localhost:3000/projects/" + project.id + "?task=" + shipped.id,
    );
    expect(mail.text).toContain(
      `Started (1)\n- #2 Draft the launch e-mail · Launch\n  http://localhost:3000/projects/${project.id}?task=${begun.id}`,
    );
    expect(mail.text).toContain(
      `Overdue (1)\n- #3 Renew the domain · Launch · due Mar 5, 2026\n  http://localhost:3000/projects/${project.id}?task=${late.id}`,
    );
    // The rule engine's top insights (the overdue card is one), and no cycle this week.
    expect(mail.text).toMatch(/Needs attention\n- .*overdue/i);
    expect(mail.text).toContain("Cycles\n- Nothing this week.");
    // No language model configured: no summary, nothing sent to one.
    expect(mail.text).not.toContain("language model");
    expect(llm.requests).toHaveLength(0);
    // One link to unsubscribe, the signed one-click link of the "weekly_digest" kind.
    const link = unsubscribeLink(owner.id, "weekly_digest");
    expect(mail.headers).toEqual({ "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(mail.text).toContain(`Stop the weekly digest: ${link}`);
    const url = new URL(link);
    expect(verifyUnsubscribe(url.searchParams.get("u")!, url.searchParams.get("k")!, url.searchParams.get("s")!)).toBe(true);
    expect(outbox.find((m) => m.to === "vic@example.test")!.headers!["List-Unsubscribe"]).toBe(
      `<${unsubscribeLink(viewer.id, "weekly_digest")}>`,
    );
  });

  it("runs once per week across instances: two runners on Monday send once, Wednesday sends nothing, next Monday again", async () => {
    await week();
    at("2026-03-09T06:00:00Z");
    const outcomes = await Promise.all([runJob(weekly), runJob(weekly)]);
    expect(outcomes.filter((o) => o === "ran")).toHaveLength(1);
    expect(outbox).toHaveLength(2);
    at("2026-03-11T06:00:00Z");
    expect(await runJob(weekly)).toBe("done");
    at("2026-03-15T23:59:00Z");
    expect(await runJob(weekly)).toBe("done");
    expect(outbox).toHaveLength(2);
    at("2026-03-16T00:01:00Z");
    expect(await runJob(weekly)).toBe("ran");
    expect(outbox).toHaveLength(4);
    // The second week: nothing completed or started in it; the card is still overdue.
    expect(outbox.at(-1)!.subject).toMatch(/: 0 completed, 0 started, 1 overdue$/);
  });

  it("puts the language model's summary on top when one is configured, from the numbers only; the rule engine's text when it fails", async () => {
    await week();
    llmOn(true);
    at("2026-03-09T06:00:00Z");
    await sendWeeklyDigests("2026-03-09");
    const mail = outbox[0]!;
    expect(mail.text).toMatch(
      /^Hi .*,\n\nHere is .*\n\nLocal model summary: the team completed 1 cards in this range.\n\n\(Written by a language model/,
    );
    expect(llm.requests).toHaveLength(1); // one summary per workspace, not per member
    const facts = lastUserText(llm.requests[0]!);
    expect(facts).toContain('"completed":1,"started":1,"overdue":1');
    expect(facts).not.toContain("Renew the domain");

    vi.spyOn(console, "warn").mockImplementation(() => {});
    resetMailForTests();
    clearSummaryCacheForTests();
    llm.failNext("timeout");
    process.env.LLM_TIMEOUT_MS = "300";
    resetEnvForTests();
    await sendWeeklyDigests("2026-03-09");
    expect(outbox[0]!.text).toContain("Last week 1 card was completed and 1 started. 1 open card is overdue.");
    expect(outbox[0]!.text).not.toContain("Written by a language model");
  });
});
