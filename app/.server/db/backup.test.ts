// npm run backup / npm run restore (scripts/backup.ts, scripts/restore.ts; issue 12): a
// seeded embedded database backed up, restored into a new DATA_DIR, and the server started
// on it finds the account, the session, the project, the card and the attachment's bytes;
// the refusals; and the logical export that serves Postgres without pg_dump.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { backup, logicalExport, logicalImport, pgliteSql, type Manifest } from "../../../scripts/backup";
import { readBackup, restore } from "../../../scripts/restore";
// Aliased: the React hooks lint rule reads `use…` as a hook (this is vitest's beforeAll/afterEach).
import { useBuiltServers as builtServers } from "../../../tests/support/built-servers";
import { HttpUser } from "../../../tests/durability/http-user";
import { runMigrations } from "./migrate";
import { describeOn } from "../../../tests/support/database-kind";

const start = builtServers();
const work = mkdtempSync(path.join(os.tmpdir(), "atelier-backup-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describeOn("pglite", "backup and restore of the embedded database", () => {
  it("a backup restored into a new DATA_DIR serves the same account, session, board and file", { timeout: 300_000 }, async () => {
    const first = await start({ DATABASE_URL: "" });
    await first.waitForOutput(/Atelier listening/);
    const user = new HttpUser(first.url, `backup-${Date.now()}@example.test`);
    await user.signUp("Back Up", first.output);
    await user.signIn();
    const projectId = await user.createProject("Kept safe");
    const columns = await user.board(projectId);
    const cardId = await user.createCard(projectId, columns[1]!.id, "Restored card");
    const bytes = `attachment bytes ${Date.now()}\n`.repeat(100);
    const form = new FormData();
    form.set("intent", "upload-attachment");
    form.set("cardId", cardId);
    form.set("file", new Blob([bytes], { type: "text/plain" }), "notes.txt");
    const upload = await fetch(`${first.url}/api/projects/${projectId}/board`, {
      method: "POST",
      headers: { Origin: first.url, Cookie: user.cookie },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { attachmentId } = (await upload.json()) as { attachmentId: string };
    expect(await first.stop("SIGTERM")).toBe(0);

    const file = path.join(work, "atelier.zip");
    const manifest = await backup({ dataDir: first.dataDir, out: file });
    expect(manifest.database.method).toBe("pglite-datadir");
    expect(manifest.migrations.length).toBeGreaterThan(5);
    expect(manifest.dataDirFiles).toContain("session-secret");
    expect(Date.now() - Date.parse(manifest.createdAt)).toBeLessThan(60_000);

    const restoredDir = path.join(work, "restored");
    await restore({ file, dataDir: restoredDir });
    expect(readFileSync(path.join(restoredDir, "session-secret"), "utf8")).toBe(
      readFileSync(path.join(first.dataDir, "session-secret"), "utf8"),
    );

    const second = await start({ DATABASE_URL: "", DATA_DIR: restoredDir });
    await second.waitForOutput(/Atelier listening/);
    // The session made before the backup is still good (sessions table and secret restored).
    user.base = second.url;
    const cards = (await user.board(projectId)).flatMap((c) => c.cards.map((card) => ({ ...card, column: c.id })));
    expect(cards).toContainEqual(expect.objectContaining({ id: cardId, title: "Restored card", column: columns[1]!.id }));
    const download = await user.get(`/projects/${projectId}/attachments/${attachmentId}`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(bytes);
    // And the password signs in.
    await user.signIn();
  });

  it("refuses a target that is not empty unless --force, and never one a server holds", { timeout: 120_000 }, async () => {
    const file = path.join(work, "atelier.zip");
    if (!existsSync(file)) return expect.unreachable("runs after the first test, which writes the backup");
    const target = path.join(work, "not-empty");
    mkdirSync(target, { recursive: true });
    writeFileSync(path.join(target, "something"), "x");
    await expect(restore({ file, dataDir: target })).rejects.toThrow(/is not empty.*--force/);
    await restore({ file, dataDir: target, force: true });
    expect(existsSync(path.join(target, "something"))).toBe(false);
    expect(existsSync(path.join(target, "pglite", "PG_VERSION"))).toBe(true);

    const running = await start({ DATABASE_URL: "", DATA_DIR: target });
    await running.waitForOutput(/Atelier listening/);
    await expect(restore({ file, dataDir: target, force: true })).rejects.toThrow(/Another Atelier server/);
    await expect(backup({ dataDir: target, out: path.join(work, "again.zip") })).rejects.toThrow(/Another Atelier server/);
  });
});

describe("the backup file is checked before anything is written", () => {
  const rewrite = (file: string, change: (m: Manifest) => void) => {
    const files = unzipSync(readFileSync(file));
    const manifest = JSON.parse(new TextDecoder().decode(files["manifest.json"])) as Manifest;
    change(manifest);
    files["manifest.json"] = strToU8(JSON.stringify(manifest));
    const out = path.join(work, `changed-${Math.random().toString(36).slice(2)}.zip`);
    writeFileSync(out, zipSync(files));
    return out;
  };
  const minimal = () => {
    const out = path.join(work, `minimal-${Math.random().toString(36).slice(2)}.zip`);
    const manifest: Manifest = {
      format: "atelier-backup",
      formatVersion: 1,
      appVersion: "3.0.0",
      createdAt: new Date().toISOString(),
      database: { kind: "postgres", method: "logical", file: "database/tables/", tables: {} },
      migrations: [],
      dataDirFiles: [],
    };
    writeFileSync(out, zipSync({ "manifest.json": strToU8(JSON.stringify(manifest)) }));
    return out;
  };

  it("not a backup, a newer format, an unknown migration, a changed migration", () => {
    const notZip = path.join(work, "not-a-backup.zip");
    writeFileSync(notZip, "hello");
    expect(() => readBackup(notZip)).toThrow(/not an Atelier backup/);
    expect(() => readBackup(rewrite(minimal(), (m) => (m.formatVersion = 99)))).toThrow(/newer Atelier/);
    expect(() => readBackup(rewrite(minimal(), (m) => m.migrations.push({ name: "9999_future", checksum: "ab" })))).toThrow(
      /migration 9999_future, which this version of Atelier/,
    );
    expect(() => readBackup(rewrite(minimal(), (m) => m.migrations.push({ name: "0001_foundation", checksum: "0".repeat(64) })))).toThrow(
      /differs from this version's/,
    );
  });
});

describe("the logical export (DATABASE_URL without a usable pg_dump)", () => {
  it("a migrated database with rows and bytes comes back the same in a new one", { timeout: 120_000 }, async () => {
    // The source from the test run's migrated snapshot (tests/support/vitest-global.ts) when there is one.
    const snapshot = process.env.PGLITE_SNAPSHOT;
    const source = snapshot && existsSync(snapshot) ? new PGlite({ loadDataDir: new Blob([readFileSync(snapshot)]) }) : new PGlite();
    const target = new PGlite();
    try {
      await runMigrations({ kind: "pglite", client: source });
      await source.exec(`
        INSERT INTO users (email, full_name) VALUES ('logical@example.test', 'Logical Export');
        INSERT INTO file_blobs (storage_key, content_type, size_bytes, bytes) VALUES ('k1', 'application/octet-stream', 3, '\\x00ff10');
      `);
      const sql = pgliteSql(source);
      const exported = await logicalExport(sql);
      const migrations = await sql.query<{ name: string; checksum: string }>("SELECT name, checksum FROM schema_migrations ORDER BY name");
      const manifest: Manifest = {
        format: "atelier-backup",
        formatVersion: 1,
        appVersion: "test",
        createdAt: new Date().toISOString(),
        database: { kind: "postgres", method: "logical", file: "database/tables/", tables: exported.tables },
        migrations,
        dataDirFiles: [],
      };
      await logicalImport(pgliteSql(target), exported.files, manifest);
      for (const [table, count] of Object.entries(exported.tables)) {
        const { rows } = await target.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`);
        expect(rows[0]!.n, table).toBe(count);
      }
      const blob = await target.query<{ hex: string }>("SELECT encode(bytes, 'hex') AS hex FROM file_blobs WHERE storage_key = 'k1'");
      expect(blob.rows[0]!.hex).toBe("00ff10");
      const user = await target.query<{ full_name: string }>("SELECT full_name FROM users WHERE email = 'logical@example.test'");
      expect(user.rows[0]!.full_name).toBe("Logical Export");
      // The migrator sees every migration applied with its checksum: the server starts on it.
      await runMigrations({ kind: "pglite", client: target });
    } finally {
      await source.close();
      await target.close();
    }
  });
});
