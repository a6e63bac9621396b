import { formatDay } from "~/lib/dates";
import { escapeHtml } from "~/lib/escape-html";
import type { WrittenSummary } from "~/lib/llm";
import type { Mail } from "../mail";

/** The weekly digest's content (./digest.ts) and its e-mail: plain text plus a simple HTML copy. */
export type DigestCard = { title: string; project: string; href: string; due?: string | null };
export type WeeklyDigest = {
  workspace: string;
  /** The seven days covered (UTC calendar days, inclusive). */
  from: string;
  to: string;
  completed: { count: number; cards: DigestCard[] };
  started: { count: number; cards: DigestCard[] };
  overdue: { count: number; cards: DigestCard[] };
  insights: { title: string; severity: string; action: string; href: string }[];
  cycles: {
    name: string;
    project: string;
    endsOn: string;
    remaining: number;
    scope: number;
    /** The share of simulated runs finishing by the end date; null when there is too little history (`note` says why). */
    probability: number | null;
    note: string | null;
    href: string;
  }[];
  summary: WrittenSummary | null;
};

const pct = (p: number) => `${Math.round(p * 100)} %`;

function cycleLine(c: WeeklyDigest["cycles"][number]): string {
  const odds = c.probability === null ? (c.note ?? "No forecast yet.") : `${pct(c.probability)} chance of finishing on time.`;
  return `${c.name} (${c.project}): ${c.remaining} of ${c.scope} cards left, ends ${formatDay(c.endsOn)}. ${odds}`;
}

export function weeklyDigestMail(input: {
  to: string;
  name: string | null;
  digest: WeeklyDigest;
  /** Makes an app path absolute (appLink). */
  link: (path: string) => string;
  unsubscribe: string;
}): Mail {
  const d = input.digest;
  const subject = `Your week in ${d.workspace}: ${d.completed.count} completed, ${d.started.count} started, ${d.overdue.count} overdue`;
  const greeting = input.name?.trim() ? `Hi ${input.name.trim()},` : "Hi,";
  const intro = `Here is ${d.workspace} from ${formatDay(d.from)} to ${formatDay(d.to)}.`;
  const sections: { heading: string; lines: { text: string; href?: string }[] }[] = [
    {
      heading: `Completed (${d.completed.count})`,
      lines: d.completed.cards.map((c) => ({ text: `${c.title} · ${c.project}`, href: c.href })),
    },
    { heading: `Started (${d.started.count})`, lines: d.started.cards.map((c) => ({ text: `${c.title} · ${c.project}`, href: c.href })) },
    {
      heading: `Overdue (${d.overdue.count})`,
      lines: d.overdue.cards.map((c) => ({ text: `${c.title} · ${c.project}${c.due ? ` · due ${formatDay(c.due)}` : ""}`, href: c.href })),
    },
    { heading: "Needs attention", lines: d.insights.map((i) => ({ text: `${i.title} ${i.action}`, href: i.href })) },
    { heading: "Cycles", lines: d.cycles.map((c) => ({ text: cycleLine(c), href: c.href })) },
  ].map((s) => (s.lines.length ? s : { ...s, lines: [{ text: "Nothing this week." }] }));
  const summary = d.summary
    ? [`${d.summary.text}`, d.summary.source === "model" ? "(Written by a language model from the numbers below.)" : ""].filter(Boolean)
    : [];
  const footer = `You get this every Monday. Stop the weekly digest: ${input.unsubscribe}`;
  const text = [
    greeting,
    intro,
    ...summary,
    ...sections.map((s) => [s.heading, ...s.lines.map((l) => `- ${l.text}${l.href ? `\n  ${input.link(l.href)}` : ""}`)].join("\n")),
    `Open Analytics: ${input.link("/analytics")}`,
    footer,
    "— Atelier",
  ].join("\n\n");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...summary.map((p, i) => `<p${i ? ' style="color:#64748b;font-size:12px"' : ""}>${escapeHtml(p)}</p>`),
    ...sections.map(
      (s) =>
        `<h3 style="font-size:15px;margin:16px 0 4px">${escapeHtml(s.heading)}</h3><ul>${s.lines
          .map((l) => `<li>${l.href ? `<a href="${escapeHtml(input.link(l.href))}">${escapeHtml(l.text)}</a>` : escapeHtml(l.text)}</li>`)
          .join("")}</ul>`,
    ),
    `<p><a href="${escapeHtml(input.link("/analytics"))}">Open Analytics</a></p>`,
    `<p style="color:#64748b;font-size:12px">You get this every Monday. <a href="${escapeHtml(input.unsubscribe)}">Stop the weekly digest</a></p>`,
    "<p>— Atelier</p>",
  ].join("\n");
  return {
    to: input.to,
    subject,
    text,
    html,
    headers: { "List-Unsubscribe": `<${input.unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
