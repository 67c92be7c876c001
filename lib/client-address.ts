import net from "node:net";
import {
  isTrustedAddress,
  parseAddress,
  parseTrustedProxies as parseRanges,
  type TrustedRange,
} from "./trusted-proxies.mjs";

// Who is the client? (Issue 17 item 1, decision 009.) The production server (scripts/start.mjs)
// writes the TCP peer's address into `x-portal-peer` on every request, overwriting anything a
// client sent, and drops the X-Forwarded-* headers unless the peer is a trusted proxy. Here the
// chain is the X-Forwarded-For entries followed by that peer; the client is the right-most address
// that is not a trusted proxy (TRUSTED_PROXIES: addresses or CIDR ranges, comma-separated).
// Without TRUSTED_PROXIES the peer itself is the client and the header is ignored.

export const PEER_HEADER = "x-portal-peer";

/** '::ffff:10.0.0.1' is the IPv4 address 10.0.0.1 seen on a dual-stack socket. */
export function normalizeAddress(address: string): string | null {
  let a = address.trim();
  if (a.startsWith("[") && a.includes("]")) a = a.slice(1, a.indexOf("]")); // [::1]:port
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped) a = mapped[1]!;
  if (net.isIPv4(a) || net.isIPv6(a)) return a.toLowerCase();
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(a);
  return withPort && net.isIPv4(withPort[1]!) ? withPort[1]! : null;
}

/** TRUSTED_PROXIES, parsed once by lib/trusted-proxies.mjs (also scripts/start.mjs's parser). */
export type TrustedProxies = readonly TrustedRange[];

/** Parses TRUSTED_PROXIES ("10.0.0.1, 192.168.0.0/16, ::1"); throws on an entry that is not an address or range. */
export function parseTrustedProxies(setting: string | undefined): TrustedProxies {
  return parseRanges(setting);
}

export function isTrusted(list: TrustedProxies, address: string): boolean {
  const a = normalizeAddress(address);
  return a !== null && isTrustedAddress(list, a);
}

/**
 * The client's address from the request headers. Invalid entries end the walk (a trusted proxy
 * never writes one); at most 32 hops are read, so a huge header costs nothing.
 */
export function clientFromHeaders(headers: Headers, trusted: TrustedProxies): string {
  const peer = headers.get(PEER_HEADER);
  const forwarded = (headers.get("x-forwarded-for") ?? "").slice(0, 4096).split(",").slice(-32);
  const chain = [...forwarded, ...(peer ? [peer] : [])].map((s) => s.trim()).filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = normalizeAddress(chain[i]!);
    if (!address) return "invalid";
    if (!isTrusted(trusted, address) || i === 0) return address;
  }
  return "unknown";
}

/**
 * The network a client address belongs to, for the parent lookup's second bucket (issue 28 item 7):
 * its /24 for IPv4 and its /56 for IPv6 (what one household or small site is usually given), so
 * addresses of one network share a bucket while other networks' parents keep theirs. Anything that
 * is not an address ("invalid", "unknown") is its own bucket.
 */
export function clientNetwork(client: string): string {
  const address = parseAddress(client);
  if (!address) return client;
  if (address.kind() === "ipv4") {
    const [a, b, c] = address.toByteArray();
    return `${a}.${b}.${c}.0/24`;
  }
  const bytes = address.toByteArray().slice(0, 7);
  const groups = [0, 2, 4, 6].map((i) => (((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0)).toString(16));
  return `${groups.join(":")}::/56`;
}
