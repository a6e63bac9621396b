import { describe, expect, it } from "vitest";
import { forgetRead, inRequestScope, oncePerRead, oncePerRequest } from "./request-scope";

describe("oncePerRequest", () => {
  it("within one request, the first call's answer serves the later ones", async () => {
    let reads = 0;
    const read = () => oncePerRequest("k", async () => ++reads);
    const { result } = await inRequestScope(async () => [await read(), await read(), await Promise.all([read(), read()])]);
    expect(result).toEqual([1, 1, [1, 1]]);
    expect(reads).toBe(1);
  });

  it("each request reads for itself, and so does every call outside a request", async () => {
    let reads = 0;
    const read = () => oncePerRequest("k", async () => ++reads);
    expect((await inRequestScope(read)).result).toBe(1);
    expect((await inRequestScope(read)).result).toBe(2);
    expect([await read(), await read()]).toEqual([3, 4]);
  });

  it("keys apart are read apart, and a failure is not kept", async () => {
    let reads = 0;
    const { result } = await inRequestScope(async () => {
      const a = await oncePerRequest("a", async () => ++reads);
      const b = await oncePerRequest("b", async () => ++reads);
      const failed = await oncePerRequest("c", () => Promise.reject(new Error("down"))).catch((e: Error) => e.message);
      const again = await oncePerRequest("c", async () => "read again");
      return { a, b, failed, again };
    });
    expect(result).toEqual({ a: 1, b: 2, failed: "down", again: "read again" });
  });
});

describe("oncePerRead", () => {
  it("shares one read among a GET request's loaders, never in a request that may write, and forgets on demand", async () => {
    let n = 0;
    const read = () => oncePerRead("who", async () => ++n);
    expect((await inRequestScope(async () => [await read(), await read()], "GET")).result).toEqual([1, 1]);
    // A form posted without JavaScript: the action writes, then the loaders must read afresh.
    expect((await inRequestScope(async () => [await read(), await read()], "POST")).result).toEqual([2, 3]);
    const { result } = await inRequestScope(async () => {
      const first = await read();
      forgetRead("who"); // a session made inside a GET (a sign-in callback)
      return [first, await read(), await read()];
    }, "GET");
    expect(result).toEqual([4, 5, 5]);
  });
});
