import { z } from "zod";
import { env } from "../env";

/**
 * The optional language model: any OpenAI-compatible chat-completions endpoint, used only
 * when LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are all set (env.ts refuses one or two of
 * them). Without them `llmConfig()` is null, nothing of it is shown and nothing is sent.
 * It only phrases what the app has computed (summary.ts) and turns a question into the
 * board's filter (ask.ts); every failure (timeout, 429, an error status, an answer that is
 * not what was asked for) is an `LlmFailure` the callers answer with the rule engine's text.
 */
export type LlmConfig = { baseUrl: string; apiKey: string; model: string; timeoutMs: number };

export function llmConfig(): LlmConfig | null {
  const e = env();
  if (!e.LLM_BASE_URL || !e.LLM_API_KEY || !e.LLM_MODEL) return null;
  return { baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ""), apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, timeoutMs: e.LLM_TIMEOUT_MS };
}

export const llmEnabled = () => llmConfig() !== null;

export type LlmFailureReason = "timeout" | "rate-limited" | "http" | "network" | "malformed";

export class LlmFailure extends Error {
  constructor(
    public readonly reason: LlmFailureReason,
    message: string,
  ) {
    super(message);
    this.name = "LlmFailure";
  }
}

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().trim().min(1) }) })).min(1),
});

/** The longest answer read from the endpoint (a summary is a few sentences, a filter a small object). */
const MAX_ANSWER_CHARS = 4000;

/**
 * One chat completion: the first choice's text. `json: true` asks for a JSON object
 * (`response_format`), which the caller still validates. Throws `LlmFailure` only.
 */
export async function chat(
  messages: ChatMessage[],
  opts: { json?: boolean; maxTokens?: number; config?: LlmConfig } = {},
): Promise<string> {
  const config = opts.config ?? llmConfig();
  if (!config) throw new LlmFailure("network", "the language model is not configured");
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({
        model: config.model,
        messages,
        temperature: 0,
        max_tokens: opts.maxTokens ?? 300,
        ...(opts.json ? { response_format: { type: "json_object" } } : {}),
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    if (name === "TimeoutError" || name === "AbortError") throw new LlmFailure("timeout", `no answer within ${config.timeoutMs} ms`);
    throw new LlmFailure("network", error instanceof Error ? error.message : String(error));
  }
  let body: string;
  try {
    body = await response.text();
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    throw new LlmFailure(name === "TimeoutError" ? "timeout" : "network", "the answer was cut off");
  }
  if (response.status === 429) throw new LlmFailure("rate-limited", "the endpoint answered 429 (rate limited)");
  if (!response.ok) throw new LlmFailure("http", `the endpoint answered ${response.status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new LlmFailure("malformed", "the answer is not JSON");
  }
  const result = completionSchema.safeParse(parsed);
  if (!result.success) throw new LlmFailure("malformed", "the answer has no message text");
  return result.data.choices[0]!.message.content.slice(0, MAX_ANSWER_CHARS);
}

/** Logs a recovered failure (a warning: the page or mail carries on with the rule engine's text). */
export function warnFallback(what: string, error: unknown) {
  const reason = error instanceof LlmFailure ? `${error.reason}: ${error.message}` : String(error);
  console.warn(`[llm] ${what}: falling back to the computed text (${reason})`);
}
