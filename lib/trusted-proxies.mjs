// TRUSTED_PROXIES (decision 009): which TCP peers' X-Forwarded-* headers are believed. Parsed here
// only, with ipaddr.js, by both readers: scripts/start.mjs (plain Node, before Next.js loads: it
// drops forwarded headers from everyone else) and lib/client-address.ts (the app: who the client
// is). An entry that is not exactly an address or a CIDR range is refused: a hand-split parser
// once read "10.0.0.1/" as 10.0.0.1/0 and trusted every client's X-Forwarded-For (issue 28).
import ipaddr from "ipaddr.js";

/** '::ffff:10.0.0.1' (IPv4 on a dual-stack socket) is 10.0.0.1; null for anything that is not one address. */
export function parseAddress(text) {
  const a = String(text ?? "").trim();
  // Four dotted decimals only: ipaddr.js (like inet_aton) also reads "10.1", "0x7f.1" and octal.
  if (ipaddr.IPv4.isValidFourPartDecimal(a)) return ipaddr.IPv4.parse(a);
  if (!a.includes("%") && ipaddr.IPv6.isValid(a)) {
    const v6 = ipaddr.IPv6.parse(a);
    return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
  }
  return null;
}

/**
 * "10.0.0.1, 192.168.0.0/16, ::1" → the ranges, each with its canonical text. Throws an Error whose
 * message names the entry for anything else ("10.0.0.1/", "10.0.0.0/33", "proxy.local", "1.2.3").
 */
export function parseTrustedProxies(setting) {
  const ranges = [];
  for (const entry of String(setting ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const slash = entry.indexOf("/");
    const address = parseAddress(slash === -1 ? entry : entry.slice(0, slash));
    const bitsText = slash === -1 ? null : entry.slice(slash + 1);
    const max = address?.kind() === "ipv4" ? 32 : 128;
    const bits = bitsText === null ? max : /^\d{1,3}$/.test(bitsText) ? Number(bitsText) : NaN;
    if (!address || !(bits >= 0 && bits <= max))
      throw new Error(
        `TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range (write e.g. 10.0.0.1, 10.0.0.0/8 or ::1).`,
      );
    ranges.push({ address, bits, text: bits === max ? address.toString() : `${address.toString()}/${bits}` });
  }
  return ranges;
}

/** Whether this address (as a socket or a header gives it) is in one of the ranges. */
export function isTrustedAddress(ranges, text) {
  if (ranges.length === 0) return false;
  const address = parseAddress(text);
  if (!address) return false;
  return ranges.some((r) => r.address.kind() === address.kind() && address.match(r.address, r.bits));
}
