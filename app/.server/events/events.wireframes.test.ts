// One change event per mutation, for wireframes (screens linked to cards, patches, deletion) and the
// design tokens (the cases are in test-cases.ts, the runner in test-support.ts).
import { describe } from "vitest";
import { ALL_CASES } from "./test-cases";
import { WIREFRAME_AND_DESIGN_CASES } from "./test-cases-wireframes";
import { eachSubscriberHearsOnce, setUpEventWorld } from "./test-support";

setUpEventWorld();

describe("one change event per mutation", () => {
  eachSubscriberHearsOnce(WIREFRAME_AND_DESIGN_CASES, ALL_CASES);
});
