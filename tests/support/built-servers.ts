/**
 * For vitest files that run the built production server as processes: builds once
 * (ensureBuild), and kills and cleans up every server a test started after it.
 *
 *   const start = useBuiltServers();
 *   const server = await start({ FEATURE_FLAGS: "..." });
 */
import { rmSync } from "node:fs";
import { afterEach, beforeAll } from "vitest";
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
