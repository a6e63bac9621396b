import { describe, expect, it } from "vitest";
import { testCard } from "./board-fixtures";
import { moveInBoard, neighboursOf } from "./board-ordering";
import type { BoardColumnView } from "~/lib/board";

const board = (): BoardColumnView[] => [
  {
    id: "A",
    name: "A",
    stateGroup: "unstarted",
    position: "a0",
    wipLimit: null,
    cardCount: 2,
    matchingCount: 2,
    cards: [testCard("1", "A"), testCard("2", "A")],
  },
  {
    id: "B",
    name: "B",
    stateGroup: "started",
    position: "a1",
    wipLimit: null,
    cardCount: 1,
    matchingCount: 1,
    cards: [testCard("3", "B")],
  },
];

describe("optimistic board moves", () => {
  it("moves a card between columns and reports its new neighbours", () => {
    const next = moveInBoard(board(), "1", "B", 1);
    expect(next.map((c) => c.cards.map((k) => k.id))).toEqual([["2"], ["3", "1"]]);
    expect(next.map((c) => c.cardCount)).toEqual([1, 2]);
    expect(neighboursOf(next, "1")).toEqual({ toColumnId: "B", afterId: "3", beforeId: null });
  });

  it("reorders within a column without touching the original", () => {
    const original = board();
    const next = moveInBoard(original, "2", "A", 0);
    expect(next[0]!.cards.map((k) => k.id)).toEqual(["2", "1"]);
    expect(original[0]!.cards.map((k) => k.id)).toEqual(["1", "2"]);
    expect(neighboursOf(next, "2")).toEqual({ toColumnId: "A", afterId: null, beforeId: "1" });
  });
});
