import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";

export interface RateDecision {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Counts one hit on `key` in a fixed window of `windowMs` and says whether it is within `limit`.
 * The counter lives in the database (one atomic upsert), so several app instances share it.
 */
export async function hitRateLimit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateDecision> {
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await queryRows<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${windowStart.toISOString()}::timestamptz, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count`);
  const count = Number(row?.count ?? 1);
  return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)) };
}

/**
 * The client's address as the nearest proxy reported it. Next fills X-Forwarded-For from the
 * socket only when the request has none, so without a proxy that overwrites the header a client
 * can choose its own key: the limits that use this also have a global bucket as a backstop.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return last || headers.get("x-real-ip") || "unknown";
}
