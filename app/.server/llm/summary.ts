import { createHash } from "node:crypto";
import type { WrittenSummary } from "~/lib/llm";
import { chat, llmConfig, warnFallback } from "./index";

/**
 * A short written summary made only from numbers the app computed (and card titles only
 * when the workspace allows them): the project analytics page and the weekly digest. The
 * rule engine's text (`ruleText`, written by the caller from the same facts) is the answer
 * whenever the model is not configured or fails; the model's answers are kept for an hour
 * per set of facts, so a page view does not ask again.
 */

/** What the model is given: numbers and short labels, never more than the caller put in. */
export type SummaryFacts = Record<string, unknown>;

const SYSTEM = [
  "You write a short summary (at most three sentences, plain text, no lists, no markdown) of a software team's work for its lead.",
  "Use only the facts in the user's JSON. Do not invent numbers, names, dates or causes. Say nothing about data that is absent.",
  "Lead with what needs attention, if anything.",
].join(" ");

const cache = new Map<string, { text: string; until: number }>();
const CACHE_MS = 60 * 60_000;
const CACHE_MAX = 500;

/** A model's answer made safe to show as plain text: one paragraph, no markup, bounded. */
export function cleanSummary(text: string): string {
  return text
    .replace(/[*_`#>]+/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 700);
}

/** A call still running for a set of facts: a second page view waits for it instead of asking again. */
const inflight = new Map<string, Promise<string>>();
const PENDING = Symbol("pending");

/**
 * `waitMs`: how long the caller waits for the model (a page, so a slow model does not hold
 * it up); past it the answer is the rule engine's text marked `pending`, the call carries on,
 * and its words are kept for the next view. Without it (the digest) the call's own timeout
 * (LLM_TIMEOUT_MS) is the limit.
 */
export async function writeSummary(
  facts: SummaryFacts,
  ruleText: string,
  opts: { now?: number; waitMs?: number } = {},
): Promise<WrittenSummary> {
  const config = llmConfig();
  if (!config) return { text: ruleText, source: "rules" };
  const now = opts.now ?? Date.now();
  const prompt = JSON.stringify(facts);
  const key = createHash("sha256").update(`${config.baseUrl}\n${config.model}\n${prompt}`).digest("hex");
  const hit = cache.get(key);
  if (hit && hit.until > now) return { text: hit.text, source: "model" };
  let call = inflight.get(key);
  if (!call) {
    call = askModel(prompt)
      .then(
        (text) => {
          if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
          cache.set(key, { text, until: now + CACHE_MS });
          return text;
        },
        (error: unknown) => {
          // Said once per failed call, whoever waits for it.
          warnFallback("summary", error);
          throw error;
        },
      )
      .finally(() => inflight.delete(key));
    // Past a page's wait nobody may be waiting for it any more.
    call.catch(() => {});
    inflight.set(key, call);
  }
  try {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const text =
      opts.waitMs === undefined
        ? await call
        : await Promise.race([
            call,
            new Promise<typeof PENDING>((resolve) => (timer = setTimeout(() => resolve(PENDING), opts.waitMs))),
          ]).finally(() => clearTimeout(timer));
    if (text === PENDING) return { text: ruleText, source: "rules", pending: true };
    return { text, source: "model" };
  } catch {
    return { text: ruleText, source: "rules" };
  }
}

async function askModel(prompt: string): Promise<string> {
  const text = cleanSummary(
    await chat(
      [
        { role: "system", content: SYSTEM },
        { role: "user", content: `Facts (JSON): ${prompt}` },
      ],
      { maxTokens: 220 },
    ),
  );
  if (!text) throw new Error("an empty summary");
  return text;
}

export function clearSummaryCacheForTests() {
  cache.clear();
  inflight.clear();
}
