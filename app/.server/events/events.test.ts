// One change event per mutation: for every kind, the service emits it once, and each subscriber
// hears it once: a test subscriber (both phases), the activity log (its rows), the live updates
// (the messages on the board's topic) and, for the kinds people hear of, the notifications.
// The cases run by family in events.board.test.ts, events.wireframes.test.ts and
// events.workspace.test.ts; here, that together they cover every kind, and the bus itself.
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, schema, transaction } from "../db";
import { moveCard } from "../projects/cards";
import { EVENT_KINDS } from "./activity-rows";
import { emit } from "./bus";
import { ALL_CASES as CASES } from "./test-cases";
import { afterCommit, inTx, setUpEventWorld, w } from "./test-support";

const { cards } = schema;

setUpEventWorld();

describe("one change event per mutation", () => {
  it("covers every kind", () => {
    const covered = new Set(CASES.map((c) => c.kind));
    expect(EVENT_KINDS.filter((k) => !covered.has(k))).toEqual([]);
  });
});

describe("the bus", () => {
  it("emits nothing when the mutation is refused, and an emit outside mutate is a bug", async () => {
    inTx.length = 0;
    afterCommit.length = 0;
    const c = await w.newCard("Stays");
    inTx.length = 0;
    afterCommit.length = 0;
    // A move to a column that is not there is refused: nothing is written, no event goes out.
    await expect(moveCard(w.samCtx, w.project.id, { cardId: c.id, toColumnId: "not-a-column" })).rejects.toThrow();
    expect(inTx).toEqual([]);
    expect(afterCommit).toEqual([]);
    await expect(
      transaction((tx) =>
        emit(tx, {
          kind: "card.deleted",
          workspaceId: w.workspace.id,
          projectId: w.project.id,
          actor: null,
          subject: { id: c.id, number: c.number, title: "Stays" },
          change: {},
        }),
      ),
    ).rejects.toThrow(/outside mutate/);
    const [row] = await db()
      .select({ n: count() })
      .from(cards)
      .where(and(eq(cards.id, c.id), eq(cards.workspaceId, w.workspace.id)));
    expect(Number(row!.n)).toBe(1);
  });
});
