/**
 * Run by bench/design-page.ts under vite-node (the app's modules, the app's migrator): a user
 * and a workspace in DATA_DIR (or DATABASE_URL) whose base design system is the 2,000-token
 * bench system (stored through the design service, as an import once confirmed), and writes a
 * signed-in session cookie and the system's size to $BENCH_OUT.
 */
import { writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { createSession } from "~/.server/auth/session";
import { closeDb, db, ensureDb, schema } from "~/.server/db";
import { replaceSystem } from "~/.server/design";
import { createWorkspace, getMemberContext } from "~/.server/workspaces";
import { flatten } from "~/lib/design-tokens/tree";
import { benchSystem } from "./design-system";

await ensureDb();
const [user] = await db()
  .insert(schema.users)
  .values({ email: `bench-${Date.now()}@example.test`, fullName: "Bench Owner", emailVerifiedAt: new Date() })
  .returning();
const ws = await createWorkspace(user!.id, "Bench workspace");
await db().update(schema.workspaces).set({ planId: "enterprise" }).where(eq(schema.workspaces.id, ws.id));
const cookie = (await createSession(new Request("http://localhost/"), user!.id)).split(";")[0]!;
const member = await getMemberContext(new Request("http://localhost/", { headers: { Cookie: cookie } }));
const doc = benchSystem();
await replaceSystem(member, null, doc);

const tokens = doc.sets.flatMap((s) => flatten(s));
writeFileSync(
  process.env.BENCH_OUT!,
  JSON.stringify({
    cookie,
    driver: process.env.DATABASE_URL ? "postgres" : "pglite",
    tokens: tokens.length,
    aliases: tokens.filter((t) => /"\{[^"{}]+\}"/.test(JSON.stringify(t.value))).length,
    themes: doc.themes.length,
  }),
);
await closeDb();
process.exit(0);
