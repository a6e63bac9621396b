/**
 * Builds the app into a folder of its own (BUILD_DIR), for the end-to-end run and the
 * benchmarks. A build outside the project folder cannot see node_modules or the
 * project's "type": "module", so the folder above it gets a package.json and a link to
 * the project's node_modules.
 */
import { spawn } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "../..");

export function prepareBuildDir(buildDir: string) {
  const parent = path.dirname(path.resolve(buildDir));
  const inside = path.relative(projectRoot, parent);
  if (!inside.startsWith("..") && !path.isAbsolute(inside)) return;
  mkdirSync(parent, { recursive: true });
  writeFileSync(path.join(parent, "package.json"), JSON.stringify({ private: true, type: "module" }) + "\n");
  const link = path.join(parent, "node_modules");
  const target = path.join(projectRoot, "node_modules");
  // A link left by a run from another checkout (or one whose target is gone) is replaced.
  let current: string | null = null;
  try {
    current = lstatSync(link).isSymbolicLink() ? readlinkSync(link) : "(not a link)";
  } catch {
    current = null;
  }
  if (current === target && existsSync(link)) return;
  if (current !== null) rmSync(link, { recursive: true, force: true });
  symlinkSync(target, link, "dir");
}

export function buildApp(buildDir: string): Promise<void> {
  // The folder is removed first: never the project itself, a folder above it, or another checkout
  // (an empty BUILD_DIR resolved to the project folder once and removed the whole tree).
  const dir = path.resolve(buildDir);
  const up = path.relative(dir, projectRoot);
  if ((!up.startsWith("..") && !path.isAbsolute(up)) || existsSync(path.join(dir, "package.json")) || existsSync(path.join(dir, ".git"))) {
    return Promise.reject(new Error(`Refusing to build into ${dir}: it holds a project (is BUILD_DIR empty?).`));
  }
  rmSync(buildDir, { recursive: true, force: true });
  prepareBuildDir(buildDir);
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "build", "--silent"], {
      cwd: projectRoot,
      env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => (code === 0 ? resolve() : reject(new Error(`npm run build failed (${signal ?? code})`))));
  });
}

/**
 * The build the server-level tests use: BUILD_DIR when set (scripts/test-all.sh builds
 * it fresh first), else the project's build/ folder. Built here when missing.
 */
export async function ensureBuild(): Promise<string> {
  const dir = path.resolve(projectRoot, process.env.BUILD_DIR || "build");
  if (!existsSync(path.join(dir, "server.js")) || !existsSync(path.join(dir, "server/index.js"))) {
    await buildApp(dir);
  }
  prepareBuildDir(dir);
  return dir;
}
