import type ipaddr from "ipaddr.js";

export interface TrustedRange {
  address: ipaddr.IPv4 | ipaddr.IPv6;
  bits: number;
  /** Canonical form, as /admin → Security shows it. */
  text: string;
}
export function parseAddress(text: string | null | undefined): ipaddr.IPv4 | ipaddr.IPv6 | null;
export function parseTrustedProxies(setting: string | null | undefined): TrustedRange[];
export function isTrustedAddress(ranges: readonly TrustedRange[], text: string): boolean;
