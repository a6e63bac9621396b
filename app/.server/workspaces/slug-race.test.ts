// Two sign-ups at once whose names give the same workspace address both get a workspace
// (one with a suffixed address), never a unique-constraint 500.
import { beforeEach, expect, it } from "vitest";
import { makeUser } from "../../../tests/support/factories";
import { resetDb } from "../../../tests/support/db";
import { createWorkspace } from "./index";

beforeEach(resetDb);

it("gives every one of several simultaneous workspaces with one name its own address", async () => {
  const users = await Promise.all(Array.from({ length: 6 }, () => makeUser()));
  const created = await Promise.all(users.map((u) => createWorkspace(u.id, "Acme Studio")));
  const slugs = created.map((w) => w.slug);
  expect(new Set(slugs).size).toBe(6);
  expect(slugs).toContain("acme-studio");
  for (const s of slugs) expect(s).toMatch(/^acme-studio/);
});
