import { z } from "zod";
import { PRIORITIES, PRIORITY_LABELS } from "~/lib/board";
import type { AskAnswer, AskCard, AskFilter } from "~/lib/llm";
import { notFound, UserError } from "../errors";
import { loadBoard, projectLabels, workspaceMembers } from "../projects/board-reads";
import { getProject } from "../projects/projects";
import type { MemberContext } from "../workspaces";
import { chat, LlmFailure, llmConfig, warnFallback } from "./index";

/**
 * "Ask about this project": the model turns a question into the board's own filter (the
 * query parameters /projects/:id understands: q, assignee, label, priority, due), which is
 * validated here with zod and against the project's labels and the workspace's members
 * before it runs. The page shows the filter, a link to the filtered board and the matching
 * cards. The model is given the question, the label names and the members' names, never
 * card titles. A failure of the model answers with a message and the unfiltered board.
 */

/** What the model must answer: names, which are mapped to ids here; any other key is refused. */
export const modelFilterSchema = z
  .object({
    q: z.string().trim().max(200).nullish(),
    assignee: z.string().trim().max(200).nullish(),
    label: z.string().trim().max(200).nullish(),
    priority: z.enum(PRIORITIES).nullish(),
    due: z.enum(["overdue", "week"]).nullish(),
  })
  .strict();

/** The order of the board's own URL (app/routes/_app.projects.$id.server.ts). */
const PARAM_ORDER = ["q", "assignee", "label", "priority", "due"] as const;

const MAX_CARDS = 50;

function systemPrompt(labels: string[], members: string[]) {
  return [
    "You turn a question about a kanban board into the board's filter. Answer with one JSON object and nothing else.",
    'Keys (all optional; leave out what the question does not ask for): "q" (words a card title contains),',
    '"assignee" (one of the member names below, "me" for the person asking, or "none" for unassigned cards),',
    '"label" (one of the label names below), "priority" (one of: urgent, high, medium, low, none),',
    '"due" ("overdue" for cards past their due date, "week" for cards due within 7 days).',
    `Labels: ${JSON.stringify(labels)}. Members: ${JSON.stringify(members)}.`,
    "Use no other keys. If the question cannot be expressed with these keys, answer {}.",
  ].join(" ");
}

export function boardHref(projectId: string, filter: AskFilter): string {
  const params = new URLSearchParams();
  for (const key of PARAM_ORDER) if (filter[key]) params.set(key, filter[key]);
  const search = params.toString();
  return `/projects/${projectId}${search ? `?${search}` : ""}`;
}

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

export async function askAboutProject(member: MemberContext, projectId: string, question: string): Promise<AskAnswer> {
  if (!llmConfig()) throw new UserError(404, "Asking about a project needs a language model, and none is configured.");
  const project = await getProject(member, projectId);
  if (!project) throw notFound("That project");
  const [labels, members] = await Promise.all([projectLabels(member, project.id), workspaceMembers(member)]);
  const unfiltered = boardHref(project.id, {});

  let answer: z.infer<typeof modelFilterSchema>;
  try {
    const text = await chat(
      [
        {
          role: "system",
          content: systemPrompt(
            labels.map((l) => l.name),
            members.map((m) => m.fullName || m.email.split("@")[0]!),
          ),
        },
        { role: "user", content: `Question: ${question}` },
      ],
      { json: true, maxTokens: 150 },
    );
    let json: unknown;
    try {
      json = JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, ""));
    } catch {
      throw new LlmFailure("malformed", "the filter is not JSON");
    }
    const parsed = modelFilterSchema.safeParse(json);
    if (!parsed.success) throw new LlmFailure("malformed", "the filter is not one the board understands");
    answer = parsed.data;
  } catch (error) {
    warnFallback("ask", error);
    return {
      ok: false,
      question,
      message: "The language model did not give a usable answer just now, so no filter was made. Try again, or filter the board yourself.",
      href: unfiltered,
    };
  }

  const filter: AskFilter = {};
  const parts: string[] = [];
  const refuse = (message: string): AskAnswer => ({ ok: false, question, message, href: unfiltered });
  if (answer.q) {
    filter.q = answer.q;
    parts.push(`Title contains “${answer.q}”`);
  }
  if (answer.assignee) {
    if (same(answer.assignee, "me")) {
      filter.assignee = "me";
      parts.push("Assigned to me");
    } else if (same(answer.assignee, "none")) {
      filter.assignee = "none";
      parts.push("Unassigned");
    } else {
      const who = members.find((m) => same(m.fullName, answer.assignee!) || same(m.email, answer.assignee!));
      if (!who) return refuse(`The answer named a person who is not in this workspace (${answer.assignee}). Try asking another way.`);
      filter.assignee = who.id;
      parts.push(`Assigned to ${who.fullName || who.email}`);
    }
  }
  if (answer.label) {
    const label = labels.find((l) => same(l.name, answer.label!));
    if (!label) return refuse(`The answer named a label this project does not have (${answer.label}). Try asking another way.`);
    filter.label = label.id;
    parts.push(`Label: ${label.name}`);
  }
  if (answer.priority) {
    filter.priority = answer.priority;
    parts.push(`Priority: ${PRIORITY_LABELS[answer.priority]}`);
  }
  if (answer.due) {
    filter.due = answer.due;
    parts.push(answer.due === "overdue" ? "Due: overdue" : "Due: within a week");
  }
  if (parts.length === 0) {
    return refuse(
      "That question does not translate into the board's filters (title words, assignee, label, priority, due date). Try asking about those.",
    );
  }

  const { columns } = await loadBoard(
    member,
    project.id,
    {
      q: filter.q ?? null,
      assignee: filter.assignee === "me" ? member.user.id : (filter.assignee ?? null),
      label: filter.label ?? null,
      priority: filter.priority ?? null,
      due: filter.due ?? null,
    },
    { perColumn: MAX_CARDS },
  );
  const href = boardHref(project.id, filter);
  const cards: AskCard[] = columns
    .flatMap((c) =>
      c.cards.map((card) => ({
        id: card.id,
        number: card.number,
        title: card.title,
        column: c.name,
        href: `${href}${href.includes("?") ? "&" : "?"}task=${card.id}`,
      })),
    )
    .slice(0, MAX_CARDS);
  const total = columns.reduce((n, c) => n + c.matchingCount, 0);
  return { ok: true, question, filter, parts, href, cards, total };
}
