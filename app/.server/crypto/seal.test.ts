import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "../env";
import { open, seal } from "./seal";

const use = (secrets: string | undefined) => {
  if (secrets === undefined) delete process.env.INTEGRATIONS_SECRET;
  else process.env.INTEGRATIONS_SECRET = secrets;
  resetEnvForTests();
};

describe("secrets at rest", () => {
  afterEach(() => use(undefined));

  it("seal with the newest secret, open with any listed one, and refuse when none fits or the value was changed", () => {
    use("old-secret");
    const sealed = seal("https://hooks.slack.com/services/T1/B2/abc");
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("abc");
    expect(seal("same")).not.toBe(seal("same")); // a fresh IV every time

    use("new-secret,old-secret");
    expect(open(sealed)).toBe("https://hooks.slack.com/services/T1/B2/abc");
    use("new-secret");
    expect(() => open(sealed)).toThrow(/no configured secret opens it/);
    use("old-secret");
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}A`;
    expect(() => open(tampered)).toThrow();
  });
});
