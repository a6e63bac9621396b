// Two production server processes at once. On the embedded database the second
// refuses to start (one process may open a PGlite folder); on Postgres (the
// DATABASE_URL pass of the test line) two servers share sessions and realtime.
// Every wait is on an event (output, exit, a stream's bytes), never on time.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/.server/db";
import { createProject } from "~/.server/projects/projects";
import { loadBoard } from "~/.server/projects/board-reads";
import { resetDb } from "../tests/support/db";
import { authedRequest, makeOwner, memberOf } from "../tests/support/factories";
import { useBuiltServers } from "../tests/support/built-servers";
import { LOCK_FILE } from "~/.server/db/data-dir-lock";
import { describeOn } from "../tests/support/database-kind";

const start = useBuiltServers();

describe("two servers on the embedded database", () => {
  it("the second refuses to start, naming the first; after a clean stop the folder is free again", { timeout: 120_000 }, async () => {
    const first = await start({ DATABASE_URL: "" });
    await first.waitForOutput(/Atelier listening/);
    expect(existsSync(path.join(first.dataDir, LOCK_FILE))).toBe(true);

    const second = await start({ DATABASE_URL: "", DATA_DIR: first.dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`Another Atelier server (process ${first.child.pid}) is using the embedded database`);
    expect(second.output()).toContain("DATABASE_URL");
    // The first one is unharmed.
    expect((await fetch(`${first.url}/api/status`)).status).toBe(200);

    expect(await first.stop("SIGTERM")).toBe(0);
    expect(existsSync(path.join(first.dataDir, LOCK_FILE))).toBe(false);
    const third = await start({ DATABASE_URL: "", DATA_DIR: first.dataDir });
    await third.waitForOutput(/Atelier listening/);
  });
});

/** Reads a server-sent event stream until `pattern` shows up in it. */
async function readUntil(body: ReadableStream<Uint8Array>, pattern: RegExp): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (!pattern.test(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before ${pattern}; got:\n${text}`);
      text += decoder.decode(value, { stream: true });
    }
    return text;
  } finally {
    reader.releaseLock();
  }
}

// Only in the Postgres pass: several servers sharing one database is what DATABASE_URL is for.
// On PGlite the test is reported as skipped (its name says why), not left out.
describeOn("postgres", "two servers on one Postgres database (runs only with DATABASE_URL: the Postgres pass)", () => {
  it("share sessions, and a change made through one reaches a board stream served by the other", { timeout: 120_000 }, async () => {
    await resetDb();
    const { user } = await makeOwner();
    const member = await memberOf(user.id);
    const project = await createProject(member, { name: "Shared" });
    const { columns } = await loadBoard(member, project.id);
    const cookie = (await authedRequest(user.id, "/dashboard")).headers.get("Cookie")!;
    const env = { DATABASE_URL: process.env.DATABASE_URL!, SESSION_SECRET: process.env.SESSION_SECRET! };
    const [a, b] = await Promise.all([start(env), start(env)]);
    await Promise.all([a.waitForOutput(/Atelier listening/), b.waitForOutput(/Atelier listening/)]);

    // One session, valid on both.
    for (const s of [a, b]) {
      const res = await fetch(`${s.url}/api/projects/${project.id}/board`, { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
    }

    // Listen on B, change through A.
    const controller = new AbortController();
    const stream = await fetch(`${b.url}/projects/${project.id}/events`, { headers: { Cookie: cookie }, signal: controller.signal });
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const body = stream.body!;
    const [head, rest] = body.tee();
    await readUntil(head, /\n\n/); // the stream is open (its first comment or retry line)
    const created = await fetch(`${a.url}/api/projects/${project.id}/board`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create-card", columnId: columns[0]!.id, title: "Made on A" }),
    });
    expect(created.status).toBe(200);
    const text = await readUntil(rest, /event: change\ndata: .*card\.created/);
    expect(text).toMatch(/event: change/);
    controller.abort();

    const [card] = await db().select().from(schema.cards);
    expect(card?.title).toBe("Made on A");
  });
});
