/**
 * Runs the built production server (BUILD_DIR/server.js) as a child process, for the
 * server-level tests and the benchmarks. Waits on events (output, exit), never on time.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { projectRoot } from "./build";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  dataDir: string;
  /** stdout and stderr so far, interleaved. */
  output: () => string;
  /** Resolves when the output matches; rejects if the process exits first. */
  waitForOutput: (pattern: RegExp) => Promise<void>;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string>;
  stop: (signal?: NodeJS.Signals) => Promise<number | string>;
};

/** `nodeArgs`: options for node itself, before the script (a bench's --cpu-prof, which NODE_OPTIONS refuses). */
export async function startBuiltServer(opts: {
  buildDir: string;
  env?: Record<string, string>;
  port?: number;
  nodeArgs?: string[];
}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "atelier-server-"));
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), path.join(opts.buildDir, "server.js")], {
    cwd: projectRoot,
    // A clean environment: the test runner's own variables (NODE_ENV=test, in-memory
    // database, memory mail) must not leak into the server under test.
    env: {
      PATH: process.env.PATH,
      ENV_FILE: "", // a developer's .env must not leak into the test
      HOME: process.env.HOME,
      NODE_ENV: "production",
      BUILD_DIR: opts.buildDir,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_REQUESTS: "false",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    for (const l of [...listeners]) l();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => {
      resolve(code ?? signal ?? "unknown");
      for (const l of [...listeners]) l();
    });
  });
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  const waitForOutput = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(output)) {
          listeners.delete(check);
          resolve();
        } else if (hasExited()) {
          listeners.delete(check);
          reject(new Error(`server exited before printing ${pattern}; output:\n${output}`));
        }
      };
      listeners.add(check);
      check();
    });

  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    waitForOutput,
    exited,
    stop: (signal = "SIGTERM") => {
      if (!hasExited()) child.kill(signal);
      return exited;
    },
  };
}
