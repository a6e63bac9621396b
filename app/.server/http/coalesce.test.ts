import { describe, expect, it } from "vitest";
import { CoalescingStream } from "./coalesce";

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("CoalescingStream", () => {
  it("passes on what was written in one turn as one piece, and what comes later as its own", async () => {
    const stream = new CoalescingStream();
    const out: string[] = [];
    stream.on("data", (chunk: Buffer) => out.push(chunk.toString()));
    for (const piece of ["<html>", "<body>", "<main>"]) stream.write(Buffer.from(piece));
    await tick();
    await tick();
    // A Suspense boundary resolving later: sent as soon as it is written, not held for the end.
    stream.write(Buffer.from("<template>late</template>"));
    await tick();
    await tick();
    expect(out).toEqual(["<html><body><main>", "<template>late</template>"]);
    stream.end(Buffer.from("</html>"));
    await new Promise((resolve) => stream.on("end", resolve));
    expect(out.join("")).toBe("<html><body><main><template>late</template></html>");
  });

  it("lets a large page out in 64 KB pieces without waiting for the turn to end", () => {
    const stream = new CoalescingStream();
    const sizes: number[] = [];
    stream.on("data", (chunk: Buffer) => sizes.push(chunk.length));
    for (let i = 0; i < 20; i++) stream.write(Buffer.alloc(8 * 1024, 97));
    expect(sizes).toEqual([64 * 1024, 64 * 1024]);
  });
});
