// Usage: tsx scripts/build-into.ts <dir> — a fresh production build in <dir>, runnable
// from there (see tests/support/build.ts). test-all.sh builds once and reuses it.
import { buildApp } from "../tests/support/build";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: tsx scripts/build-into.ts <dir>");
  process.exit(2);
}
await buildApp(dir);
