import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, ensureDb, rowsOf } from "../db";
import { similarity, similarPairs } from "./trigrams";

const TITLES = [
  "Fix the login button on Safari",
  "Fix login button on Safari",
  "Send the invoice",
  "Send invoice #42 to ACME",
  "Task 12 login 4012",
  "Task 12 login 1009",
  "Task 120 export 7",
  "Café menu: crème brûlée",
  "cafe menu creme brulee",
  "Ärger mit Übersetzung",
  "a",
  "",
  "!!!",
  "Write the changelog",
  "Write the change log",
];

describe("title similarity (pg_trgm's, in process)", () => {
  it("gives what pg_trgm's similarity() gives", async () => {
    await ensureDb();
    const ext = rowsOf(await db().execute(sql`select 1 from pg_extension where extname = 'pg_trgm'`));
    expect(ext.length).toBe(1);
    const values = sql.join(
      TITLES.map((t) => sql`(${t})`),
      sql`, `,
    );
    const rows = rowsOf<{ a: string; b: string; s: number }>(
      await db().execute(
        sql`select a.t as a, b.t as b, similarity(lower(a.t), lower(b.t)) as s from (values ${values}) a(t), (values ${values}) b(t)`,
      ),
    );
    expect(rows.length).toBe(TITLES.length ** 2);
    for (const r of rows) expect(similarity(r.a, r.b), `${r.a} / ${r.b}`).toBeCloseTo(Number(r.s), 5);
  });

  it("finds every pair at the threshold that comparing all pairs finds, each once", () => {
    const titles = [...TITLES, ...Array.from({ length: 200 }, (_, g) => `Task ${g % 37} ${["login", "invoice", "export"][g % 3]} ${g}`)];
    const probes = [0, 2, 4, 7, 13, 20, 57, 99, 150, 214];
    for (const threshold of [0.3, 0.6, 0.9]) {
      const expected = new Map<string, number>();
      for (const i of probes)
        titles.forEach((_, j) => {
          const s = similarity(titles[i]!, titles[j]!);
          if (j !== i && s >= threshold) expected.set([i, j].sort((x, y) => x - y).join("|"), s);
        });
      const found = similarPairs(titles, probes, threshold);
      expect(new Map(found.map((p) => [[p.i, p.j].sort((x, y) => x - y).join("|"), p.similarity]))).toEqual(expected);
      expect(found.length).toBe(expected.size);
    }
  });
});
