/**
 * For vitest files that run the built production server as processes: builds once
 * (ensureBuild), and kills and cleans up every server a test started after it.
 *
 *   const start = useBuiltServers();
 *   const server = await start({ FEATURE_FLAGS: "..." });
 *
 * Or one server shared by every test of the file:
 *
 *   const server = useBuiltServer({ RATE_LIMIT_BETA_PER_IP: "2" });
 *   it("…", async () => { await fetch(`${server().url}/…`) });
 */
import { rmSync } from "node:fs";
import { afterAll, afterEach, beforeAll } from "vitest";
import { ensureBuild } from "./build";
import { startBuiltServer, type ServerProcess } from "./server-process";

export function useBuiltServers(): (env?: Record<string, string>, port?: number) => Promise<ServerProcess> {
  let buildDir = "";
  const started: ServerProcess[] = [];
  beforeAll(async () => {
    buildDir = await ensureBuild();
  }, 300_000);
  afterEach(async () => {
    for (const s of started.splice(0)) {
      await s.stop("SIGKILL");
      rmSync(s.dataDir, { recursive: true, force: true });
    }
  });
  return async (env = {}, port) => {
    const server = await startBuiltServer({ buildDir, env, port });
    started.push(server);
    return server;
  };
}

export function useBuiltServer(env: Record<string, string> = {}): () => ServerProcess {
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    server = await startBuiltServer({ buildDir: await ensureBuild(), env });
    await server.waitForOutput(/Atelier listening/);
  }, 300_000);
  afterAll(async () => {
    if (!server) return;
    await server.stop("SIGKILL");
    rmSync(server.dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!server) throw new Error("the shared server has not started");
    return server;
  };
}
