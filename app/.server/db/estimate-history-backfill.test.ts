// Migration 0200 (decision 022): the estimate history of the cards that were estimated before
// it, rebuilt from the activity log setEstimate kept (and from the cards, where their estimate
// was set without a log). A scratch database is migrated up to 0190, given the rows the app
// wrote before, then migrated to today.
import { afterEach, describe, expect, it } from "vitest";
import { pointsAt } from "../analytics/estimate-history";
import { closeScratchDatabases, scratchDatabase } from "../../../tests/support/scratch-db";
import { migrations, runMigrations } from "./migrate";

afterEach(closeScratchDatabases);

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const [ws, other, project, otherProject, column, otherColumn, user] = [1, 2, 3, 4, 5, 6, 7].map(id);
const card = { A: id(11), B: id(12), C: id(13), D: id(14), E: id(15), F: id(16) };
const day = (d: number, time: string) => `2026-03-0${d}T${time}Z`;

describe("migration 0200: the estimate history backfill", () => {
  it("turns each logged estimate change into a row at its time, and dates unlogged estimates", async () => {
    const s = await scratchDatabase();
    await runMigrations(
      s.driver,
      migrations.filter((m) => m.name < "0200"),
    );
    // One statement a query: the drivers take no more.
    for (const statement of [
      `INSERT INTO users (id, email) VALUES ('${user}', 'backfill@example.test')`,
      `INSERT INTO workspaces (id, name, slug) VALUES ('${ws}', 'One', 'one'), ('${other}', 'Two', 'two')`,
      `INSERT INTO projects (id, workspace_id, name) VALUES ('${project}', '${ws}', 'P'), ('${otherProject}', '${other}', 'Q')`,
      `INSERT INTO board_columns (id, workspace_id, project_id, name, state_group, position)
        VALUES ('${column}', '${ws}', '${project}', 'To do', 'unstarted', 'a0'), ('${otherColumn}', '${other}', '${otherProject}', 'To do', 'unstarted', 'a0')`,
      // A: logged 3, 5, removed, 2 (now 2). B: 8, never logged. C: never estimated. D: its first
      // logged change has an old value (1 → 4). E: logged 3, then 6 set without a log (updated on
      // the 7th). F: in the other workspace, logged 1.5.
      `INSERT INTO cards (id, workspace_id, project_id, column_id, number, title, position, estimate_points, created_at, updated_at) VALUES
        ('${card.A}', '${ws}', '${project}', '${column}', 1, 'A', 'a1', 2, '${day(1, "09:00:00")}', '${day(6, "09:00:00")}'),
        ('${card.B}', '${ws}', '${project}', '${column}', 2, 'B', 'a2', 8, '${day(1, "10:00:00")}', '${day(1, "10:00:00")}'),
        ('${card.C}', '${ws}', '${project}', '${column}', 3, 'C', 'a3', NULL, '${day(1, "11:00:00")}', '${day(1, "11:00:00")}'),
        ('${card.D}', '${ws}', '${project}', '${column}', 4, 'D', 'a4', 4, '${day(1, "12:00:00")}', '${day(3, "08:00:00")}'),
        ('${card.E}', '${ws}', '${project}', '${column}', 5, 'E', 'a5', 6, '${day(1, "13:00:00")}', '${day(7, "10:00:00")}'),
        ('${card.F}', '${other}', '${otherProject}', '${otherColumn}', 1, 'F', 'a1', 1.5, '${day(1, "14:00:00")}', '${day(2, "09:00:00")}')`,
      // As recordActivity wrote them: a null value as SQL NULL (and once as JSON null); a deleted
      // card's rows lost their card_id; another field's change is not an estimate.
      `INSERT INTO activity (workspace_id, project_id, card_id, actor_id, action, field, old_value, new_value, created_at) VALUES
        ('${ws}', '${project}', '${card.A}', '${user}', 'card.updated', 'estimate', NULL, '3', '${day(2, "10:00:00")}'),
        ('${ws}', '${project}', '${card.A}', '${user}', 'card.updated', 'estimate', '3', '5', '${day(4, "11:00:00")}'),
        ('${ws}', '${project}', '${card.A}', '${user}', 'card.updated', 'estimate', '5', 'null', '${day(5, "12:00:00")}'),
        ('${ws}', '${project}', '${card.A}', '${user}', 'card.updated', 'estimate', NULL, '2', '${day(6, "09:00:00")}'),
        ('${ws}', '${project}', '${card.A}', '${user}', 'card.updated', 'title', '"a"', '"A"', '${day(6, "10:00:00")}'),
        ('${ws}', '${project}', '${card.D}', '${user}', 'card.updated', 'estimate', '1', '4', '${day(3, "08:00:00")}'),
        ('${ws}', '${project}', '${card.E}', '${user}', 'card.updated', 'estimate', NULL, '3', '${day(2, "08:00:00")}'),
        ('${ws}', '${project}', NULL, '${user}', 'card.updated', 'estimate', NULL, '9', '${day(2, "08:00:00")}'),
        ('${other}', '${otherProject}', '${card.F}', NULL, 'card.updated', 'estimate', NULL, '1.5', '${day(2, "09:00:00")}')`,
    ])
      await s.query(statement);

    await runMigrations(s.driver);
    const rows = await s.query<{
      workspace_id: string;
      project_id: string;
      card_id: string;
      points: string | null;
      at: string;
      backfilled: boolean;
    }>(
      `SELECT workspace_id, project_id, card_id, points::text AS points, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, backfilled
       FROM card_estimate_changes ORDER BY card_id, at, id`,
    );
    const name = Object.fromEntries(Object.entries(card).map(([k, v]) => [v, k]));
    expect(rows.every((r) => r.backfilled)).toBe(true);
    expect(
      rows.every((r) =>
        r.card_id === card.F
          ? r.workspace_id === other && r.project_id === otherProject
          : r.workspace_id === ws && r.project_id === project,
      ),
    ).toBe(true);
    expect(rows.map((r) => [name[r.card_id], r.points === null ? null : Number(r.points), r.at])).toEqual([
      ["A", 3, day(2, "10:00:00")],
      ["A", 5, day(4, "11:00:00")],
      ["A", null, day(5, "12:00:00")],
      ["A", 2, day(6, "09:00:00")],
      // Never logged: from its creation, as its past days counted it before.
      ["B", 8, day(1, "10:00:00")],
      // The value before its first logged change, from the card's creation.
      ["D", 1, day(1, "12:00:00")],
      ["D", 4, day(3, "08:00:00")],
      ["E", 3, day(2, "08:00:00")],
      // Set without a log after its last logged change: from its last update.
      ["E", 6, day(7, "10:00:00")],
      ["F", 1.5, day(2, "09:00:00")],
    ]);

    // What the burn-ups read from it: A's points at the end of each day from the 1st to the 6th.
    const a = rows
      .filter((r) => r.card_id === card.A)
      .map((r) => ({ cardId: r.card_id, points: r.points === null ? null : Number(r.points), at: new Date(r.at) }));
    expect([1, 2, 3, 4, 5, 6].map((d) => pointsAt(a, new Date(day(d, "23:59:59"))))).toEqual([null, 3, 3, 5, null, 2]);
  }, 120_000);
});
