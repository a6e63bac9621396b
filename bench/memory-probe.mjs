// Loaded into a server under `npm run bench:memory:soak` (NODE_OPTIONS="--expose-gc --import
// <this file>"): where the server's memory goes, from inside. Every 5 s, and on SIGUSR2, it
// appends one JSON line to MEMORY_PROBE_OUT with process.memoryUsage() (the JS heap; "external",
// where PGlite's WebAssembly memory is counted; array buffers). On SIGUSR2 it also forces a
// garbage collection and writes a second line after it, so live memory and garbage can be told
// apart. The app's code knows nothing of it.
import { appendFileSync } from "node:fs";

const out = process.env.MEMORY_PROBE_OUT;
if (out) {
  const take = (moment) =>
    appendFileSync(out, JSON.stringify({ pid: process.pid, at: Date.now(), moment, ...process.memoryUsage() }) + "\n");
  setInterval(() => take("tick"), 5000).unref();
  process.on("SIGUSR2", () => {
    take("asked");
    globalThis.gc?.();
    take("after gc");
  });
}
