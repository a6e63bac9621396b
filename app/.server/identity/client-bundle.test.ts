// Issue 13: the Supabase service role key is server-only. The production build's browser
// assets must not carry it, nor the modules that read it; the server bundle does (which
// shows the search would find it).
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../../../tests/support/build";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

let buildDir = "";
beforeAll(async () => {
  buildDir = await ensureBuild();
}, 300_000);

describe("the browser bundle and the Supabase keys", () => {
  it("no client asset names the service role key or carries the server-side Supabase client", () => {
    const client = filesUnder(path.join(buildDir, "client")).filter((f) => /\.(js|mjs|css|html|json)$/.test(f));
    expect(client.length).toBeGreaterThan(10);
    for (const file of client) {
      const text = readFileSync(file, "utf8");
      expect(text, file).not.toContain("SUPABASE_SERVICE_ROLE_KEY");
      expect(text, file).not.toContain("createServerClient");
    }
    const server = filesUnder(path.join(buildDir, "server"))
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    expect(server).toContain("SUPABASE_SERVICE_ROLE_KEY");
  });
});
