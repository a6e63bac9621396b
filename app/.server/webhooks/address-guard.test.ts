import { afterEach, describe, expect, it } from "vitest";
import { guardedLookup, isPublicAddress, urlProblem } from "./address-guard";

// Where a webhook may go: the table of addresses the guard refuses and lets through.
describe("the webhook address guard", () => {
  it.each([
    ["127.0.0.1", false],
    ["127.255.0.9", false],
    ["0.0.0.0", false],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["172.31.255.255", false],
    ["192.168.1.10", false],
    ["169.254.169.254", false], // cloud metadata
    ["100.64.0.1", false], // carrier-grade NAT
    ["224.0.0.1", false],
    ["255.255.255.255", false],
    ["::1", false],
    ["::", false],
    ["fe80::1", false],
    ["fe80::1%eth0", false],
    ["fc00::1", false],
    ["fd12:3456::1", false],
    ["ff02::1", false],
    ["::ffff:127.0.0.1", false], // IPv4-mapped loopback
    ["::ffff:7f00:1", false], // the same, in hex
    ["::ffff:10.0.0.1", false],
    ["0:0:0:0:0:ffff:a9fe:a9fe", false], // mapped 169.254.169.254
    ["64:ff9b::a00:1", false], // NAT64 of 10.0.0.1
    ["2001:db8::1", false],
    ["not-an-address", false],
    ["93.184.215.14", true],
    ["8.8.8.8", true],
    ["172.32.0.1", true],
    ["::ffff:8.8.8.8", true],
    ["2606:4700:4700::1111", true],
    ["2a00:1450:4001:80b::200e", true],
  ])("%s is public: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  describe("URLs", () => {
    const saved = process.env.WEBHOOKS_ALLOW_PRIVATE;
    afterEach(() => {
      if (saved === undefined) delete process.env.WEBHOOKS_ALLOW_PRIVATE;
      else process.env.WEBHOOKS_ALLOW_PRIVATE = saved;
    });

    it("takes https to a public name, and refuses plain http, local names and private literals", () => {
      expect(urlProblem("https://hooks.example.com/in", false)).toBeNull();
      expect(urlProblem("http://hooks.example.com/in", false)).toMatch(/https/);
      expect(urlProblem("https://localhost/in", false)).toMatch(/private or local/);
      expect(urlProblem("https://127.0.0.1/in", false)).toMatch(/private or local/);
      expect(urlProblem("https://[::1]/in", false)).toMatch(/private or local/);
      expect(urlProblem("https://[::ffff:192.168.0.1]/in", false)).toMatch(/private or local/);
      expect(urlProblem("https://user:pw@hooks.example.com/in", false)).toMatch(/passwords/);
      expect(urlProblem("ftp://hooks.example.com/in", false)).toMatch(/https/);
    });

    it("lets http and local addresses through with WEBHOOKS_ALLOW_PRIVATE=1 (tests, a receiver on this machine)", () => {
      expect(urlProblem("http://127.0.0.1:4000/in", true)).toBeNull();
      expect(urlProblem("ftp://127.0.0.1/in", true)).toMatch(/https/);
    });

    it("refuses at connection time a name that resolves to a private address", async () => {
      delete process.env.WEBHOOKS_ALLOW_PRIVATE;
      const outcome = await new Promise<string>((resolve) =>
        guardedLookup("localhost", {}, (error, address) => resolve(error ? error.message : String(address))),
      );
      expect(outcome).toMatch(/localhost resolves to .* private or local/);
      process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
      const allowed = await new Promise<string>((resolve) =>
        guardedLookup("localhost", {}, (error, address) => resolve(error ? error.message : String(address))),
      );
      expect(isPublicAddress(allowed)).toBe(false);
    });
  });
});
