import type { Active, Over } from "@dnd-kit/core";
import { describe, expect, it } from "vitest";
import { boardAfterDrop, boardAnnouncements, placeOf, type HeldCard } from "./announcements";
import { testCard } from "./board-fixtures";
import { moveInBoard } from "./board-ordering";
import type { BoardColumnView } from "~/lib/board";

const column = (id: string, name: string, cardIds: string[]): BoardColumnView => ({
  id,
  name,
  stateGroup: "unstarted",
  position: id,
  wipLimit: null,
  cardCount: cardIds.length,
  matchingCount: cardIds.length,
  cards: cardIds.map((k) => testCard(k, id, `Card ${k}`)),
});
const board = () => [column("B", "Backlog", ["1", "2", "3"]), column("T", "To do", ["4", "5"]), column("D", "Done", [])];

// dnd-kit hands the announcements these; only the ids matter here.
const active = (id: string) => ({ id }) as unknown as Active;
const over = (id: string) => ({ id }) as unknown as Over;

/** A drag the way BoardView runs it: its handler moves the card first, then dnd-kit asks for the announcement. */
function drag(cardId: string) {
  const start = board();
  const held: HeldCard = { start, board: start };
  const say = boardAnnouncements(() => held);
  return {
    held,
    start: () => say.onDragStart({ active: active(cardId) }),
    over(overId: string, movedTo?: { column: string; index: number }) {
      if (movedTo) held.board = moveInBoard(held.board, cardId, movedTo.column, movedTo.index);
      return say.onDragOver({ active: active(cardId), over: over(overId) });
    },
    end: (overId: string | null) => say.onDragEnd({ active: active(cardId), over: overId ? over(overId) : null }),
    cancel: () => say.onDragCancel({ active: active(cardId), over: null }),
  };
}

describe("where a dropped card lands", () => {
  it("takes the place of the card it is over, in its own column or another; last over a column; stays over nothing", () => {
    const ids = (b: BoardColumnView[]) => b.map((c) => c.cards.map((k) => k.id));
    expect(ids(boardAfterDrop(board(), "1", "3"))).toEqual([["2", "3", "1"], ["4", "5"], []]);
    expect(ids(boardAfterDrop(board(), "3", "1"))).toEqual([["3", "1", "2"], ["4", "5"], []]);
    expect(ids(boardAfterDrop(board(), "1", "5"))).toEqual([["2", "3"], ["4", "1", "5"], []]);
    expect(ids(boardAfterDrop(board(), "1", "D"))).toEqual([["2", "3"], ["4", "5"], ["1"]]);
    expect(ids(boardAfterDrop(board(), "1", "B"))).toEqual([["2", "3", "1"], ["4", "5"], []]);
    expect(ids(boardAfterDrop(board(), "1", null))).toEqual(ids(board()));
    expect(placeOf(boardAfterDrop(board(), "1", "5"), "1")).toBe("position 2 of 3 in To do");
  });
});

describe("drag announcements", () => {
  it("name the card's new place within its column, not the one it was picked up from", () => {
    const d = drag("1");
    expect(d.start()).toBe("Picked up Card 1, position 1 of 3 in Backlog.");
    // dnd-kit reports the card over itself right after the pick-up: nothing new to say.
    expect(d.over("1")).toBeUndefined();
    expect(d.over("2")).toBe("Card 1 is now at position 2 of 3 in Backlog.");
    expect(d.over("3")).toBe("Card 1 is now at position 3 of 3 in Backlog.");
    expect(d.over("2")).toBe("Card 1 is now at position 2 of 3 in Backlog.");
    expect(d.end("3")).toBe("Dropped Card 1 at position 3 of 3 in Backlog.");
  });

  it("name the new column once the board has moved the card there", () => {
    const d = drag("1");
    d.start();
    // Over "5" in To do: the board moves the card to 5's index, then asks; still over 5, the list
    // shows it in 5's place (5 moved up), and a drop puts it there.
    expect(d.over("5", { column: "T", index: 1 })).toBe("Card 1 is now at position 3 of 3 in To do.");
    // The list measures again and the card is over itself: it shows where the board put it.
    expect(d.over("1")).toBe("Card 1 is now at position 2 of 3 in To do.");
    expect(d.over("1")).toBeUndefined();
    expect(d.over("4")).toBe("Card 1 is now at position 1 of 3 in To do.");
    // Into an empty column: last (and only) there.
    expect(d.over("D", { column: "D", index: 0 })).toBe("Card 1 is now at position 1 of 1 in Done.");
    expect(d.end("D")).toBe("Dropped Card 1 at position 1 of 1 in Done.");
  });

  it("say the drop where the drop puts the card, over a card or over nothing", () => {
    const d = drag("2");
    d.start();
    expect(d.over("4", { column: "T", index: 0 })).toBe("Card 2 is now at position 2 of 3 in To do.");
    expect(d.end("4")).toBe("Dropped Card 2 at position 2 of 3 in To do.");
    // Over nothing, the card stays where the board has it (moved to To do by the drag).
    expect(d.end(null)).toBe("Dropped Card 2 at position 1 of 3 in To do.");
  });

  it("say where the card went back to when the drag is cancelled", () => {
    const d = drag("3");
    expect(d.start()).toBe("Picked up Card 3, position 3 of 3 in Backlog.");
    expect(d.over("5", { column: "T", index: 1 })).toBe("Card 3 is now at position 3 of 3 in To do.");
    expect(d.cancel()).toBe("Cancelled. Card 3 is back at position 3 of 3 in Backlog.");
    // A new pick-up announces afresh, even at the place last announced.
    expect(d.start()).toBe("Picked up Card 3, position 3 of 3 in Backlog.");
    d.held.board = d.held.start;
    expect(d.over("2")).toBe("Card 3 is now at position 2 of 3 in Backlog.");
  });
});
