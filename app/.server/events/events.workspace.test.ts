// One change event per mutation, for the workspace's members: invited, joined, role changed, removed
// and left (the cases are in test-cases.ts, the runner in test-support.ts).
import { describe } from "vitest";
import { WORKSPACE_CASES, ALL_CASES } from "./test-cases";
import { eachSubscriberHearsOnce, setUpEventWorld } from "./test-support";

setUpEventWorld();

describe("one change event per mutation", () => {
  eachSubscriberHearsOnce(WORKSPACE_CASES, ALL_CASES);
});
