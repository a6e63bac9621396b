/**
 * A user driving the real server over HTTP, as a browser without JavaScript would: sign up
 * (the verification link read from the server's log, where mail goes without SMTP_URL),
 * sign in, create a project, then cards, moves and comments through the board's JSON API.
 * Used by the durability test (app/.server/db/durability.pglite.test.ts) and the soak
 * (bench/soak.ts). Every method answers what the server acknowledged, or throws with
 * the status, so a caller counts only writes that got a success answer.
 */

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const PASSWORD = "Durable-passw0rd!";
/** No request waits longer than this (a server that never answers is an error, not a hang). */
export const REQUEST_TIMEOUT_MS = 30_000;

type Column = { id: string; name: string; cards: { id: string; title: string }[] };

export class HttpUser {
  cookie = "";
  constructor(
    /** Where requests go (a server, or the soak's proxy). */
    public base: string,
    readonly email: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { Origin: this.base, ...(this.cookie ? { Cookie: this.cookie } : {}), ...extra };
  }

  private keepCookie(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(";")[0]!;
      if (pair.startsWith("__session=") || pair.startsWith("session=") || /^[\w-]*session[\w-]*=/i.test(pair)) {
        this.cookie = pair;
      }
    }
  }

  async postForm(path: string, fields: Record<string, string>): Promise<Response> {
    const res = await fetch(`${this.base}${path}`, {
      method: "POST",
      headers: this.headers({ "Content-Type": "application/x-www-form-urlencoded" }),
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    this.keepCookie(res);
    return res;
  }

  async get(path: string, init: { signal?: AbortSignal; accept?: string } = {}): Promise<Response> {
    const res = await fetch(`${this.base}${path}`, {
      headers: this.headers(init.accept ? { Accept: init.accept } : {}),
      redirect: "manual",
      signal: init.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    this.keepCookie(res);
    return res;
  }

  /** Signs up; `mailLog()` is the server output where the verification mail is written. */
  async signUp(fullName: string, mailLog: () => string): Promise<void> {
    const res = await this.postForm("/auth?mode=signup", {
      intent: "signup",
      fullName,
      email: this.email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    await expectStatus(res, [200], "sign up");
    const link = await waitFor(() => verificationLink(mailLog(), this.email), 10_000, `the verification mail to ${this.email}`);
    // Opening the link shows a confirm button; its post spends the token and signs in.
    const token = new URL(link, this.base).searchParams.get("token") ?? "";
    await expectStatus(await this.postForm(link, { token }), [302, 303], "verify");
  }

  /** Signs in afresh; a refused sign-in keeps the session the user had (as a browser keeps its cookie). */
  async signIn(): Promise<void> {
    const before = this.cookie;
    this.cookie = "";
    try {
      const res = await this.postForm("/auth", { intent: "signin", email: this.email, password: PASSWORD });
      await expectStatus(res, [302, 303], "sign in");
      if (!this.cookie) throw new HttpError(res.status, "sign in: no session cookie");
    } catch (error) {
      this.cookie ||= before;
      throw error;
    }
  }

  /** Creates a project; answers its id. */
  async createProject(name: string): Promise<string> {
    const res = await this.postForm("/projects", { intent: "create-project", name });
    await expectStatus(res, [302, 303], "create project");
    const id = /\/projects\/([0-9a-f-]{36})/.exec(res.headers.get("Location") ?? "")?.[1];
    if (!id) throw new HttpError(res.status, `create project: redirected to ${res.headers.get("Location")}`);
    return id;
  }

  async board(projectId: string): Promise<Column[]> {
    const res = await this.get(`/api/projects/${projectId}/board`);
    await expectStatus(res, [200], "board", false);
    return ((await res.json()) as { data: { columns: Column[] } }).data.columns;
  }

  /** One board intent through the JSON API; answers the server's `{ ok: true, … }`. */
  async boardIntent(projectId: string, body: Record<string, string>): Promise<{ ok: true; cardId?: string; message?: string }> {
    const res = await fetch(`${this.base}/api/projects/${projectId}/board`, {
      method: "POST",
      headers: this.headers({ "Content-Type": "application/json" }),
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    if (res.status !== 200) throw new HttpError(res.status, `${body.intent}: ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text) as { ok: true; cardId?: string };
  }

  async createCard(projectId: string, columnId: string, title: string): Promise<string> {
    const r = await this.boardIntent(projectId, { intent: "create-card", columnId, title });
    if (!r.cardId) throw new HttpError(200, "create card: no card id in the answer");
    return r.cardId;
  }
}

async function expectStatus(res: Response, ok: number[], what: string, drain = true) {
  if (ok.includes(res.status)) {
    if (drain) await res.arrayBuffer();
    return;
  }
  const text = await res.text().catch(() => "");
  throw new HttpError(res.status, `${what}: ${res.status} ${text.slice(0, 300)}`);
}

/** The path and query of the last verification link mailed to `email` in the log, if any. */
export function verificationLink(log: string, email: string): string | undefined {
  const mails = log.split(`To: ${email}`).slice(1);
  for (const mail of mails.reverse()) {
    const m = /https?:\/\/[^\s]+(\/auth\/verify\?token=[^\s)]+)/.exec(mail);
    if (m) return m[1];
  }
  return undefined;
}

export async function waitFor<T>(fn: () => T | undefined, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
