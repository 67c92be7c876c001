import "server-only";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { clientFromHeaders } from "@/lib/client-address";
import { queryRows } from "@/lib/db/client";
import { trustedProxies } from "@/lib/env";

export interface RateDecision {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Counts one hit on `key` in a fixed window of `windowMs` and says whether it is within `limit`.
 * The counter lives in the database (one atomic upsert), so several app instances share it.
 */
export async function hitRateLimit(
  rawKey: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<RateDecision> {
  const key = boundedKey(rawKey);
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  if (Math.random() < PRUNE_CHANCE) await pruneRateLimits(now);
  const [row] = await queryRows<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${windowStart.toISOString()}::timestamptz, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count`);
  const count = Number(row?.count ?? 1);
  return {
    allowed: count <= limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
  };
}

/** The client's address (lib/client-address.ts): the TCP peer, or behind TRUSTED_PROXIES the right-most untrusted hop. */
export function clientAddress(headers: Headers): string {
  return clientFromHeaders(headers, trustedProxies());
}

/** A rate-limit key for one client: the address hashed, so a forged header cannot make a key of any size. */
export function clientKey(bucket: string, client: string): string {
  return `${bucket}:${crypto.createHash("sha256").update(client).digest("base64url").slice(0, 22)}`;
}

/** Keys stay small whatever they were built from: anything long is replaced by its hash. */
export function boundedKey(key: string): string {
  return key.length <= 100 ? key : `h:${crypto.createHash("sha256").update(key).digest("base64url")}`;
}

/** Takes back one hit of the current window (a correct sign-in does not count as an attempt). */
export async function giveBack(rawKey: string, windowMs: number, now = Date.now()): Promise<void> {
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  await queryRows(
    sql`update rate_limits set count = greatest(count - 1, 0) where key = ${boundedKey(rawKey)} and window_start = ${windowStart.toISOString()}::timestamptz`,
  );
}

// Counters older than the longest window (10 minutes) are dead weight: about one hit in a hundred
// sweeps them, so the table holds roughly the last day's keys at most.
const PRUNE_CHANCE = 0.01;
export const RATE_LIMIT_TTL_MS = 24 * 60 * 60 * 1000;

export async function pruneRateLimits(now = Date.now()): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    sql`with gone as (delete from rate_limits where window_start < ${new Date(now - RATE_LIMIT_TTL_MS).toISOString()}::timestamptz returning 1) select count(*)::int as n from gone`,
  );
  return Number(row?.n ?? 0);
}
