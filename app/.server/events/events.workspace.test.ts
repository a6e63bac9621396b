// One change event per mutation, for the workspace's members (invited, joined, role changed, removed,
// left), its settings, and a person's own account (the cases are in test-cases.ts, the runner in
// test-support.ts).
import { describe } from "vitest";
import { ACCOUNT_CASES, WORKSPACE_CASES, ALL_CASES } from "./test-cases";
import { eachSubscriberHearsOnce, setUpEventWorld } from "./test-support";

setUpEventWorld();

describe("one change event per mutation", () => {
  eachSubscriberHearsOnce([...WORKSPACE_CASES, ...ACCOUNT_CASES], ALL_CASES);
});
