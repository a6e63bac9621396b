import { describe, expect, it } from "vitest";
import { estimateReplay, pointsAt, type EstimateChange } from "./estimate-history";

const at = (time: string) => new Date(`2026-03-02T${time}Z`);
const e = (cardId: string, points: number | null, time: string): EstimateChange => ({ cardId, points, at: at(time) });

describe("a card's points at an instant, from its estimate changes", () => {
  // Estimated 3 at 09:00, 5 at 12:00, removed at 15:00, 2.5 at 18:00.
  const changes = [e("A", 3, "09:00:00"), e("A", 5, "12:00:00"), e("A", null, "15:00:00"), e("A", 2.5, "18:00:00")];

  it("is its last change before the instant; none before the first, none while removed", () => {
    expect(pointsAt(changes, at("08:59:59"))).toBeNull();
    // A change counts from the instant after it (as a transition does).
    expect(pointsAt(changes, at("09:00:00"))).toBeNull();
    expect(pointsAt(changes, at("09:00:01"))).toBe(3);
    expect(pointsAt(changes, at("12:30:00"))).toBe(5);
    expect(pointsAt(changes, at("16:00:00"))).toBeNull();
    expect(pointsAt(changes, at("23:59:59"))).toBe(2.5);
    expect(pointsAt([], at("12:00:00"))).toBeNull();
    expect(pointsAt(undefined, at("12:00:00"))).toBeNull();
  });

  it("replayed forward: each change applied once, in time order, in tenths, told to the caller", () => {
    const replay = estimateReplay([e("B", 0.5, "10:00:00"), ...changes, e("B", 0.5, "11:00:00")]);
    const heard: [string, number, number][] = [];
    const hear = (cardId: string, before: number, after: number) => void heard.push([cardId, before, after]);
    replay.advance(at("09:00:00").getTime(), hear);
    expect([replay.tenthsOf("A"), heard]).toEqual([0, []]);
    replay.advance(at("13:00:00").getTime(), hear);
    // B's second change (0.5 again) changes nothing and is not told.
    expect([replay.tenthsOf("A"), replay.tenthsOf("B"), heard]).toEqual([
      50,
      5,
      [
        ["A", 0, 30],
        ["B", 0, 5],
        ["A", 30, 50],
      ],
    ]);
    replay.advance(at("16:00:00").getTime(), hear);
    expect([replay.tenthsOf("A"), heard.at(-1)]).toEqual([0, ["A", 50, 0]]);
    replay.advance(at("23:00:00").getTime());
    expect([replay.tenthsOf("A"), replay.tenthsOf("nobody")]).toEqual([25, 0]);
  });
});
