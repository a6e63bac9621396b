// The embedded database keeps every acknowledged write through a crash (issue 12;
// docs/decisions/017-embedded-durability.md): the built server on a fresh DATA_DIR
// (PGlite), a user signed up, signed in and writing cards through HTTP, `kill -9` while
// writes are in flight, the server started again on the same folder: every write that got
// a success answer is there, and the database opens and serves as before.
import { describe, expect, it } from "vitest";
// Aliased: the React hooks lint rule reads `use…` as a hook (this is vitest's beforeAll/afterEach).
import { useBuiltServers as builtServers } from "../../../tests/support/built-servers";
import { HttpUser } from "../../../tests/durability/http-user";

const start = builtServers();

describe("the embedded database after kill -9 (PGlite only: Postgres keeps its own WAL)", () => {
  it("every acknowledged write is there after the server is killed mid-write and started again", { timeout: 180_000 }, async () => {
    const first = await start({ DATABASE_URL: "" });
    await first.waitForOutput(/Atelier listening/);
    const user = new HttpUser(first.url, `durable-${Date.now()}@example.test`);
    await user.signUp("Dura Bility", first.output);
    await user.signIn();
    const projectId = await user.createProject("Crash test");
    const columns = await user.board(projectId);
    const [from, to] = [columns[0]!, columns[1]!];

    // Four writers create cards and move every other one, until the server dies under them.
    const created = new Map<string, string>(); // acknowledged card id → title
    const moved = new Set<string>(); // acknowledged moves into `to`
    let refusedBeforeKill = 0;
    let killed = false;
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const title = `w${w} card ${i}`;
        try {
          const id = await user.createCard(projectId, from.id, title);
          created.set(id, title);
          if (i % 2 === 0) {
            await user.boardIntent(projectId, { intent: "move-card", cardId: id, toColumnId: to.id });
            moved.add(id);
          }
        } catch {
          if (!killed) refusedBeforeKill++;
          return;
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (created.size >= 40 || refusedBeforeKill > 0) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    killed = true;
    expect(await first.stop("SIGKILL")).toBe("SIGKILL");
    await Promise.all(writers);
    expect(refusedBeforeKill).toBe(0);
    expect(created.size).toBeGreaterThanOrEqual(40);

    // Same folder, a new process: it takes over the dead one's lock and recovers.
    const second = await start({ DATABASE_URL: "", DATA_DIR: first.dataDir });
    await second.waitForOutput(/Atelier listening/);
    expect((await fetch(`${second.url}/api/status`)).status).toBe(200);

    // The account, its session secret (kept in DATA_DIR) and password, the project.
    user.base = second.url;
    await user.signIn();
    const after = await user.board(projectId);
    const cards = new Map(after.flatMap((c) => c.cards.map((card) => [card.id, { title: card.title, column: c.id }] as const)));
    for (const [id, title] of created) {
      expect(cards.get(id)?.title, `card ${title}`).toBe(title);
      if (moved.has(id)) expect(cards.get(id)?.column, `${title} moved`).toBe(to.id);
    }
    // Nothing twice: each acknowledged card once (an unacknowledged one may or may not be there).
    const titles = after.flatMap((c) => c.cards.map((card) => card.title));
    expect(new Set(titles).size).toBe(titles.length);

    // And it keeps working: a new write after recovery.
    const id = await user.createCard(projectId, from.id, "after the crash");
    expect((await user.board(projectId)).flatMap((c) => c.cards).some((c) => c.id === id)).toBe(true);
    expect(second.output()).not.toMatch(/PANIC|corrupt/i);
  });
});
