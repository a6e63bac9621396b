// The built production server as a process: start-up checks and a clean stop.
// Every wait is on an event (output or exit); the timeouts are only generous ceilings.
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { useBuiltServers } from "../tests/support/built-servers";

const start = useBuiltServers();

describe("production server process", () => {
  it("refuses a bad PORT with a message naming it", { timeout: 60_000 }, async () => {
    const server = await start({ PORT: "abc" });
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toMatch(/Atelier cannot start/);
    expect(server.output()).toMatch(/PORT/);
  });

  it("says which setting still holds a placeholder, and keeps running", { timeout: 60_000 }, async () => {
    const server = await start({ SMTP_URL: "smtp://placeholder.example.com:2525" });
    await server.waitForOutput(/Atelier listening/);
    expect(server.output()).toMatch(/SMTP_URL is not configured properly/);
    expect(await server.stop()).toBe(0);
  });

  it("explains a port that is already taken", { timeout: 60_000 }, async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, r));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const server = await start({}, port);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`PORT ${port} is already in use`);
    } finally {
      blocker.close();
    }
  });

  it("serves, then stops with exit code 0 on the first SIGTERM, closing the database", { timeout: 90_000 }, async () => {
    const server = await start();
    await server.waitForOutput(/Atelier listening/);
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^[\w-]{12}$/);
    // An idle keep-alive connection outlives a proxy's 60 s, so the proxy never reuses one the app is closing.
    const keepAlive = await new Promise<string | undefined>((resolve, reject) =>
      http
        .get(`${server.url}/healthz`, { agent: new http.Agent({ keepAlive: true }) }, (r) => {
          r.resume();
          resolve(r.headers["keep-alive"] as string | undefined);
        })
        .on("error", reject),
    );
    expect(keepAlive).toBe("timeout=65");

    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.output()).toContain("[server] database closed");

    // The files were left consistent: the database opens again with its migrations.
    const reopened = new PGlite(path.join(server.dataDir, "pglite"));
    try {
      const { rows } = await reopened.query<{ n: number }>("select count(*)::int as n from schema_migrations");
      expect(rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await reopened.close();
    }
  });
  it("refuses to start when a migration was edited after this database applied it, naming it", { timeout: 90_000 }, async () => {
    const first = await start();
    await first.waitForOutput(/Atelier listening/);
    expect(await first.stop("SIGTERM")).toBe(0);
    const db = new PGlite(path.join(first.dataDir, "pglite"));
    try {
      await db.query("update schema_migrations set checksum = repeat('0', 64) where name = '0020_billing'");
    } finally {
      await db.close();
    }

    const second = await start({ DATA_DIR: first.dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain("Atelier cannot start.");
    expect(second.output()).toContain("Migration 0020_billing was changed after it was applied to this database");
  });
});
