import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, authedRequest, formRequest, makeOwner, makeUser, memberOf } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { addDays, dayOf } from "~/.server/analytics/days";
import { closeCycle, createCycle, getCycle, listCycles, setCardCycle } from "~/.server/cycles/cycles";
import { readFlash } from "~/.server/http/flash";
import { loadBoard } from "~/.server/projects/board-reads";
import { createCard } from "~/.server/projects/cards";
import { createProject } from "~/.server/projects/projects";
import { action } from "./_app.projects.$id_.cycles.server";

/** The cycles page's rename and delete forms, posted as plain forms (what a browser without JavaScript sends). */
async function setup() {
  const { user, workspace } = await makeOwner();
  const member = await memberOf(user.id);
  const project = await createProject(member, { name: "Launch" });
  const { columns } = await loadBoard(member, project.id);
  const today = dayOf(new Date());
  const cycle = await createCycle(member, project.id, { name: "Sprint 1", startsOn: today, endsOn: addDays(today, 6) });
  return { user, workspace, member, project, columns, cycle, today };
}

async function post(userId: string, projectId: string, body: Record<string, string>) {
  const base = await authedRequest(userId, `/projects/${projectId}/cycles`);
  return action({ request: formRequest(base, body), params: { id: projectId }, context: {} } as ActionFunctionArgs);
}

async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  const { toasts } = await readFlash(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));
  return toasts[0]?.title;
}

/** A data() answer: its status and the messages of its reply. */
function refusal(answer: unknown) {
  const { init, data } = answer as { init: { status: number }; data: { intent: string; reply: { error?: Record<string, string[]> } } };
  return { status: init.status, intent: data.intent, error: data.reply.error };
}

describe("/projects/:id/cycles action: rename and delete", () => {
  beforeEach(resetDb);

  it("renames the cycle and redirects to it with a toast; an empty name is refused beside the field", async () => {
    const { user, member, project, cycle } = await setup();
    const res = (await post(user.id, project.id, { intent: "rename-cycle", cycleId: cycle.id, name: " Sprint One " })) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/projects/${project.id}/cycles?cycle=${cycle.id}`);
    expect(await toastOf(res)).toBe("Cycle “Sprint 1” renamed to “Sprint One”.");
    expect((await getCycle(member, project.id, cycle.id)).name).toBe("Sprint One");

    expect(refusal(await post(user.id, project.id, { intent: "rename-cycle", cycleId: cycle.id, name: "  " }))).toEqual({
      status: 400,
      intent: "rename-cycle",
      error: { name: ["Name the cycle."] },
    });
    expect(refusal(await post(user.id, project.id, { intent: "rename-cycle", cycleId: "junk", name: "X" }))).toEqual({
      status: 400,
      intent: "rename-cycle",
      error: { cycleId: ["Reload the page and try again."] },
    });
  });

  it("deletes the cycle, keeps its cards on the board, and says so; a closed cycle's report goes too", async () => {
    const { user, member, project, columns, cycle, today } = await setup();
    const a = await createCard(member, project.id, { columnId: columns[1]!.id, title: "Alpha" });
    const b = await createCard(member, project.id, { columnId: columns[1]!.id, title: "Beta" });
    await setCardCycle(member, project.id, a.id, cycle.id);
    await setCardCycle(member, project.id, b.id, cycle.id);

    const res = (await post(user.id, project.id, { intent: "delete-cycle", cycleId: cycle.id })) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/projects/${project.id}/cycles`);
    expect(await toastOf(res)).toBe("Cycle “Sprint 1” deleted. Its 2 cards stay on the board.");
    expect(await listCycles(member, project.id)).toEqual([]);
    const { columns: after } = await loadBoard(member, project.id);
    expect(after[1]!.cards.map((c) => c.title).sort()).toEqual(["Alpha", "Beta"]);

    const closed = await createCycle(member, project.id, { name: "Old", startsOn: addDays(today, -7), endsOn: addDays(today, -1) });
    await setCardCycle(member, project.id, a.id, closed.id);
    await closeCycle(member, project.id, closed.id);
    const gone = (await post(user.id, project.id, { intent: "delete-cycle", cycleId: closed.id })) as Response;
    expect(await toastOf(gone)).toBe("Cycle “Old” and its report deleted. Its card stays on the board.");

    // Deleting it again: the page says it is gone.
    const again = refusal(await post(user.id, project.id, { intent: "delete-cycle", cycleId: closed.id }));
    expect(again).toEqual({ status: 404, intent: "delete-cycle", error: { "": [expect.stringMatching(/^That cycle/)] } });
  });

  it("refuses a viewer (403) and keeps the cycle", async () => {
    const { workspace, member, project, cycle } = await setup();
    const viewer = await makeUser();
    await addMember(workspace.id, viewer.id, "viewer");
    expect(refusal(await post(viewer.id, project.id, { intent: "delete-cycle", cycleId: cycle.id })).status).toBe(403);
    expect(refusal(await post(viewer.id, project.id, { intent: "rename-cycle", cycleId: cycle.id, name: "Mine" })).status).toBe(403);
    expect((await listCycles(member, project.id)).map((c) => c.name)).toEqual(["Sprint 1"]);
  });
});
