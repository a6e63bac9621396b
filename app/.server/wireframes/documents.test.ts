import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDb } from "../../../tests/support/db";
import { db, schema } from "../db";
import { documentAt } from "./documents";
import { createWireframe } from "./index";
import { makeWorkspace } from "./test-support";

beforeEach(resetDb);

/** Renames the first screen in the stored row without a patch (so without a new seq): only a fresh read sees it. */
async function renameBehindTheBack(id: string, name: string) {
  const [row] = await db().select({ document: schema.wireframes.document }).from(schema.wireframes).where(eq(schema.wireframes.id, id));
  const doc = row!.document;
  const first = Object.keys(doc.screens)[0]!;
  await db()
    .update(schema.wireframes)
    .set({ document: { ...doc, screens: { ...doc.screens, [first]: { ...doc.screens[first]!, name } } } })
    .where(eq(schema.wireframes.id, id));
}

const firstName = (doc: { screens: Record<string, { name: string }> }) => Object.values(doc.screens)[0]!.name;

describe("documentAt", () => {
  it("keeps a version once read, the 16 most recently used at most, and says null for a deleted wireframe", async () => {
    const ws = await makeWorkspace();
    const ids: string[] = [];
    for (let i = 0; i < 17; i++)
      ids.push((await createWireframe(ws.owner, { projectId: ws.project.id, name: `W${i}`, device: "desktop" })).id);
    const first = await documentAt(ids[0]!, 0);
    expect(first).toMatchObject({ seq: 0 });
    expect(firstName(first!.document)).toBe("Screen 1");
    // The same version again comes from the cache, not the row.
    await renameBehindTheBack(ids[0]!, "Changed");
    expect(firstName((await documentAt(ids[0]!, 0))!.document)).toBe("Screen 1");
    // Sixteen other documents read since: the first is read again.
    for (const id of ids.slice(1)) await documentAt(id, 0);
    expect(firstName((await documentAt(ids[0]!, 0))!.document)).toBe("Changed");
    await db().delete(schema.wireframes).where(eq(schema.wireframes.id, ids[1]!));
    expect(await documentAt(ids[1]!, 1)).toBeNull();
  });
});
