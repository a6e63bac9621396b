// One change event per mutation, for the workspace's members (invited, joined, role changed, removed,
// left), its settings, a person's own account, and the integrations connected and disconnected (the
// cases are in test-cases.ts and test-cases-integrations.ts, the runner in test-support.ts).
import { describe } from "vitest";
import { ACCOUNT_CASES, WORKSPACE_CASES, ALL_CASES } from "./test-cases";
import { INTEGRATION_CASES } from "./test-cases-integrations";
import { eachSubscriberHearsOnce, setUpEventWorld } from "./test-support";

setUpEventWorld();

describe("one change event per mutation", () => {
  eachSubscriberHearsOnce([...WORKSPACE_CASES, ...ACCOUNT_CASES, ...INTEGRATION_CASES], ALL_CASES);
});
