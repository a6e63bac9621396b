import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { authedRequest, makeOwner } from "../../tests/support/factories";
import { resetDb } from "../../tests/support/db";
import { db, schema } from "~/.server/db";
import { loader } from "./_app";

describe("the shell's read-only notice", () => {
  beforeEach(resetDb);

  it("is absent during the trial and explains itself once the trial has ended", async () => {
    const { user, workspace } = await makeOwner();
    const during = (await loader({ request: await authedRequest(user.id, "/dashboard"), params: {}, context: {} })) as unknown as {
      data: { readOnlyNotice: string | null };
    };
    expect(during.data.readOnlyNotice).toBeNull();
    await db()
      .update(schema.workspaces)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(schema.workspaces.id, workspace.id));
    const after = (await loader({ request: await authedRequest(user.id, "/dashboard"), params: {}, context: {} })) as unknown as {
      data: { readOnlyNotice: string | null };
    };
    expect(after.data.readOnlyNotice).toBe(
      "This workspace is read-only because its free trial has ended. Your data is kept; choose a plan on the billing page to make changes again.",
    );
  });
});
