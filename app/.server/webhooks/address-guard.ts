import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";

/**
 * Where a webhook may go: no loopback, private, link-local, unique-local, multicast or other
 * special-purpose address, in IPv4 or IPv6 (an IPv4-mapped IPv6 address is judged as its IPv4
 * one), unless WEBHOOKS_ALLOW_PRIVATE=1 (tests and local receivers). The check runs on every
 * address the name resolves to, at connection time (the socket's own lookup), so a name that
 * resolves to a public address when the endpoint is saved and a private one later is refused.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["::", 96], // IPv4-compatible (deprecated)
  ["64:ff9b::", 96], // NAT64: reaches an IPv4 address through a translator
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/** An IPv6 address's eight 16-bit groups (a dotted IPv4 tail and a zone allowed), or null. */
function groupsOf(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<string>(Math.max(fill, 0)).fill("0"), ...tail].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, `::ffff:102:304`), else null. */
function mappedIpv4(address: string): string | null {
  const g = groupsOf(address);
  if (!g || g.slice(0, 5).some((x) => x !== 0) || g[5] !== 0xffff) return null;
  return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join(".");
}

/** Whether an IP address (v4 or v6, without brackets) is one a webhook may reach. */
export function isPublicAddress(ip: string): boolean {
  const address = ip.replace(/%.*$/, "");
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family !== 6) return false;
  const v4 = mappedIpv4(address);
  if (v4) return !blocked.check(v4, "ipv4");
  return !blocked.check(address, "ipv6");
}

/** WEBHOOKS_ALLOW_PRIVATE=1: private addresses and plain http allowed (tests, a receiver on this machine). */
export function privateAllowed(): boolean {
  return process.env.WEBHOOKS_ALLOW_PRIVATE === "1";
}

export class RefusedAddress extends Error {}

/** Why a URL may not be an endpoint (its scheme; an IP literal that is not public), or null. */
export function urlProblem(url: string, allowPrivate = privateAllowed()): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Give a full URL, starting with https://.";
  }
  if (parsed.username || parsed.password)
    return "Leave user names and passwords out of the URL; the signature authenticates each delivery.";
  if (allowPrivate) return parsed.protocol === "https:" || parsed.protocol === "http:" ? null : "Give a URL starting with https://.";
  if (parsed.protocol !== "https:") return "Give a URL starting with https://.";
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !isPublicAddress(host)) return "That address is private or local; webhooks go to public addresses only.";
  if (host === "localhost" || host.endsWith(".localhost")) return "That address is private or local; webhooks go to public addresses only.";
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that resolves every address of the name and refuses the
 * connection when any of them is not public (a name with one private address among public
 * ones could be steered to it).
 */
export function guardedLookup(hostname: string, options: { all?: boolean; family?: number }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
    if (error) return callback(error, "");
    if (!privateAllowed()) {
      const bad = addresses.find((a) => !isPublicAddress(a.address));
      if (bad) return callback(new RefusedAddress(`${hostname} resolves to ${bad.address}, a private or local address`), "");
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0];
    if (!first) return callback(new RefusedAddress(`${hostname} has no address`), "");
    callback(null, first.address, first.family);
  });
}
