// One change event per mutation, for the board: projects, columns, cards and their parts, comments,
// attachments, dependencies and cycles (the cases are in test-cases.ts, the runner in test-support.ts).
import { describe } from "vitest";
import { BOARD_CASES, ALL_CASES } from "./test-cases";
import { eachSubscriberHearsOnce, setUpEventWorld } from "./test-support";

setUpEventWorld();

describe("one change event per mutation", () => {
  eachSubscriberHearsOnce(BOARD_CASES, ALL_CASES);
});
