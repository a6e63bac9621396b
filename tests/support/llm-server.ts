/**
 * A local server speaking the OpenAI chat-completions protocol (POST …/chat/completions),
 * for the language-model client's tests (vitest) and the e2e spec. It answers like a tiny
 * model and fails on demand:
 *
 *   const llm = new LocalLlmServer(); await llm.start();      // LLM_BASE_URL = llm.url
 *   llm.failNext("timeout" | "429" | "malformed" | "no-choices" | "500", times?);
 *   llm.reply = (req) => "…";                                  // replace the default answers
 *   llm.requests                                                // every request body received
 *
 * Default answers: a JSON-mode request (`response_format: json_object`, the "ask" feature)
 * gets a board filter read from keywords of the question ("urgent", "overdue", "this week",
 * "my"/"mine", "unassigned", a "quoted phrase"); any other request gets a one-sentence summary
 * that quotes the facts' `completed` number when there is one.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type LlmRequest = {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string };
  authorization: string | undefined;
};

export type LlmFailureMode = "timeout" | "429" | "malformed" | "no-choices" | "500";

export class LocalLlmServer {
  private server: http.Server | undefined;
  private failures: LlmFailureMode[] = [];
  private hanging = new Set<http.ServerResponse>();
  readonly requests: LlmRequest[] = [];
  /** Replace to answer differently; return the message text. */
  reply: ((request: LlmRequest) => string) | null = null;
  /** A slow model: every answer waits this long. */
  delayMs = 0;

  constructor(private readonly port = 0) {}

  /** The base URL the app is given as LLM_BASE_URL (the path ends before /chat/completions). */
  get url(): string {
    const port = (this.server?.address() as AddressInfo | null)?.port ?? this.port;
    return `http://127.0.0.1:${port}/v1`;
  }

  /** The next `times` requests fail this way, then it answers normally again. */
  failNext(mode: LlmFailureMode, times = 1) {
    for (let i = 0; i < times; i++) this.failures.push(mode);
  }

  reset() {
    this.failures = [];
    this.requests.length = 0;
    this.reply = null;
    this.delayMs = 0;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      // No keep-alive: a socket the server closes while the client reuses it would fail a test at random.
      res.setHeader("connection", "close");
      void this.handle(req, res);
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(this.port, "127.0.0.1", () => resolve());
    });
    return this;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    let body: Omit<LlmRequest, "authorization">;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "bad JSON" } }));
      return;
    }
    const request: LlmRequest = { ...body, authorization: req.headers.authorization };
    this.requests.push(request);
    const failure = this.failures.shift();
    if (failure === "timeout") {
      // Never answers; the client's timeout ends it (close() frees it).
      this.hanging.add(res);
      res.once("close", () => this.hanging.delete(res));
      return;
    }
    if (failure === "429") {
      res
        .writeHead(429, { "content-type": "application/json", "retry-after": "20" })
        .end(JSON.stringify({ error: { message: "Rate limit reached", type: "rate_limit_exceeded" } }));
      return;
    }
    if (failure === "500") {
      res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "server error" } }));
      return;
    }
    if (failure === "malformed") {
      res.writeHead(200, { "content-type": "application/json" }).end('{"choices": [{"message": {"content": "The team');
      return;
    }
    if (failure === "no-choices") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: "x", object: "chat.completion", choices: [] }));
      return;
    }
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const content = this.reply ? this.reply(request) : defaultAnswer(request);
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: `chatcmpl-${this.requests.length}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: request.model,
        choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  }
}

/** The last user message's text. */
export function lastUserText(request: LlmRequest): string {
  return [...request.messages].reverse().find((m) => m.role === "user")?.content ?? "";
}

function defaultAnswer(request: LlmRequest): string {
  const text = lastUserText(request);
  if (request.response_format?.type === "json_object") {
    const question = (text.match(/Question:\s*([\s\S]*)$/)?.[1] ?? text).toLowerCase();
    const filter: Record<string, string> = {};
    if (/\burgent\b/.test(question)) filter.priority = "urgent";
    else if (/\bhigh\b/.test(question)) filter.priority = "high";
    if (/\boverdue\b|\blate\b/.test(question)) filter.due = "overdue";
    else if (/this week|due soon/.test(question)) filter.due = "week";
    if (/\bunassigned\b|\bnobody\b/.test(question)) filter.assignee = "none";
    else if (/\bmy\b|\bmine\b/.test(question)) filter.assignee = "me";
    const quoted = question.match(/"([^"]+)"|“([^”]+)”/);
    if (quoted) filter.q = quoted[1] ?? quoted[2]!;
    return JSON.stringify(filter);
  }
  const completed = text.match(/"completed"\s*:\s*(\d+)/)?.[1];
  return completed
    ? `Local model summary: the team completed ${completed} cards in this range.`
    : "Local model summary: the numbers look steady.";
}
