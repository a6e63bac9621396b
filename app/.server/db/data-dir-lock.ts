import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * The embedded database (PGlite) is a folder that exactly one process may open: a
 * second server started on the same DATA_DIR would corrupt it. The first process
 * writes its pid to `atelier.pid` (created exclusively); a later one refuses to
 * start while that process is alive, and takes over a file left by one that died.
 * Several servers share one database through DATABASE_URL (Postgres) instead.
 */
export const LOCK_FILE = "atelier.pid";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function dataDirInUseMessage(dir: string, holder: number): string {
  return (
    `Another Atelier server (process ${holder}) is using the embedded database in ${dir}. ` +
    "The embedded database serves one process at a time: stop that server first, or run several servers on one Postgres database with DATABASE_URL."
  );
}

/** Claims `dir` for this process, or throws naming the process that holds it. Returns the release. */
export function claimDataDir(dir: string, pid = process.pid): () => void {
  const file = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx");
      try {
        writeSync(fd, `${pid}\n`);
      } finally {
        closeSync(fd);
      }
      return () => {
        try {
          if (readFileSync(file, "utf8").trim() === String(pid)) rmSync(file, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let holder = 0;
      try {
        holder = Number.parseInt(readFileSync(file, "utf8").trim(), 10) || 0;
      } catch {
        // removed between our open and read: try again
      }
      // A pid equal to ours is a file left by an earlier life of this container.
      if (holder && holder !== pid && alive(holder)) throw new Error(dataDirInUseMessage(dir, holder));
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not claim the embedded database in ${dir}: ${file} keeps reappearing.`);
}
