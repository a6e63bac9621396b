import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { burndownChart, burnupChart, burnUnit } from "~/.server/analytics/burn-charts";
import {
  addCardToCycle,
  closeCycle,
  createCycle,
  deleteCycle,
  getCycle,
  listCycles,
  moveUnfinished,
  removeCardFromCycle,
  renameCycle,
} from "~/.server/cycles/cycles";
import { isUserError } from "~/.server/errors";
import { readForm } from "~/.server/http/body";
import { redirectWithToast } from "~/.server/http/flash";
import { orErrorPage, parseFormData } from "~/.server/http/submission";
import { projectCardRefs } from "~/.server/cycles/planning";
import { getProject } from "~/.server/projects/projects";
import { requireMember, type MemberContext } from "~/.server/workspaces";
import { cyclePageIntentSchema, type CyclePageIntent } from "~/lib/forms/cycles";
import { allows } from "~/.server/access";

/**
 * /projects/:id/cycles: a project's cycles. The loader lists them and shows one (`?cycle=`,
 * else the active one, else the newest) with its cards and burn-up (live while open, frozen
 * once closed); the action takes the page's forms (create, rename, delete, add and remove a card,
 * close, move the unfinished cards on), each a plain post that works without JavaScript. Members change,
 * viewers read; another workspace's project is a 404.
 */
async function requireProject(request: Request, projectId: string | undefined) {
  const member = await requireMember(request, "project");
  const project = projectId ? await getProject(member, projectId) : null;
  if (!project) throw data({ message: "This project does not exist, or it belongs to another workspace." }, { status: 404 });
  return { member, project };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member, project } = await requireProject(request, params.id);
  const url = new URL(request.url);
  const cycles = await listCycles(member, project.id);
  const asked = url.searchParams.get("cycle");
  const chosen =
    cycles.find((c) => c.id === asked) ??
    cycles.find((c) => c.status === "active") ??
    cycles.find((c) => c.status !== "closed") ??
    cycles[0];
  if (asked && chosen?.id !== asked) throw data({ message: "This cycle does not exist, or it was deleted." }, { status: 404 });
  const cycle = chosen ? await orErrorPage(() => getCycle(member, project.id, chosen.id)) : null;
  const window = cycle ? { from: cycle.startsOn, to: cycle.endsOn, name: cycle.name } : null;
  const unit = cycle ? burnUnit(cycle.series) : "cards";
  const edit = allows(member.role, "card", "change");
  return {
    project: { id: project.id, name: project.name },
    cycles,
    cycle,
    charts: cycle && window ? [burnupChart(cycle.series, window, unit), burndownChart(cycle.series, window, unit)] : [],
    suggestions: edit && cycle && !cycle.closedAt ? await projectCardRefs(member, project.id) : [],
    canEdit: edit,
  };
}

export type CycleActionData = { intent: string; reply: ReturnType<ReturnType<typeof parseFormData>["reply"]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, project } = await requireProject(request, params.id);
  const submission = parseFormData(await readForm(request), cyclePageIntentSchema, { disableAutoCoercion: true });
  const intent = String(submission.payload.intent ?? "");
  if (submission.status !== "success") return data<CycleActionData>({ intent, reply: submission.reply() }, { status: 400 });
  try {
    const { message, cycleId } = await run(member, project.id, submission.value);
    const to = `/projects/${project.id}/cycles${cycleId ? `?cycle=${cycleId}` : ""}`;
    return redirectWithToast(to, { variant: "success", title: message }, { status: 303 });
  } catch (error) {
    if (!isUserError(error)) throw error;
    const reply = error.field
      ? submission.reply({ fieldErrors: { [error.field]: [error.message] } })
      : submission.reply({ formErrors: [error.message] });
    return data<CycleActionData>({ intent, reply }, { status: error.status });
  }
}

const stayText = (n: number) => (n === 0 ? "" : n === 1 ? " Its card stays on the board." : ` Its ${n} cards stay on the board.`);

/** What happened (the toast) and the cycle to show next (null: the page's default one). */
async function run(
  member: MemberContext,
  projectId: string,
  intent: CyclePageIntent,
): Promise<{ message: string; cycleId: string | null }> {
  switch (intent.intent) {
    case "create-cycle": {
      const cycle = await createCycle(member, projectId, intent);
      return { message: `Cycle “${cycle.name}” created.`, cycleId: cycle.id };
    }
    case "rename-cycle": {
      const renamed = await renameCycle(member, projectId, intent.cycleId, intent.name);
      return {
        message: renamed.from === renamed.to ? "The name is unchanged." : `Cycle “${renamed.from}” renamed to “${renamed.to}”.`,
        cycleId: renamed.id,
      };
    }
    case "delete-cycle": {
      const deleted = await deleteCycle(member, projectId, intent.cycleId);
      const report = deleted.wasClosed ? " and its report" : "";
      return {
        message: `Cycle “${deleted.name}”${report} deleted.${stayText(deleted.cardCount)}`,
        cycleId: null,
      };
    }
    case "add-card": {
      const card = await addCardToCycle(member, projectId, intent.cycleId, intent.card);
      return { message: `#${card.number} added to the cycle.`, cycleId: intent.cycleId };
    }
    case "remove-card":
      await removeCardFromCycle(member, projectId, intent.cycleId, intent.cardId);
      return { message: "Card taken out of the cycle.", cycleId: intent.cycleId };
    case "close-cycle": {
      const report = await closeCycle(member, projectId, intent.cycleId);
      return {
        message: `Cycle closed: ${report.completed.cards} completed, ${report.carriedOver.cards} carried over.`,
        cycleId: intent.cycleId,
      };
    }
    case "move-unfinished": {
      const moved = await moveUnfinished(member, projectId, intent.cycleId, intent.toCycleId);
      return {
        message: moved.count
          ? `Moved ${moved.count} unfinished ${moved.count === 1 ? "card" : "cards"} to ${moved.to}.`
          : "No unfinished cards to move.",
        cycleId: intent.toCycleId,
      };
    }
  }
}
