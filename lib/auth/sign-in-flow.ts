import "server-only";
import { z } from "zod";
import { hitRateLimit } from "@/lib/rate-limit";
import { queryRows } from "@/lib/db/client";
import { sql } from "drizzle-orm";
import { ACCESS_CODE_MAX_LENGTH } from "@/lib/domain/constants";
import { MSG } from "@/lib/domain/messages";
import { startSession } from "./session";
import { findUserByCode, normalizeCode } from "./sign-in";

// Sign-in abuse limits (stored in the database, so every app instance shares them):
// 10 failed attempts per client address per 10 minutes, and 50 per code prefix (the first
// three characters) across all clients, which slows a distributed guess of one family of codes.
export const SIGN_IN_WINDOW_MS = 10 * 60 * 1000;
export const SIGN_IN_FAILURES_PER_CLIENT = 10;
export const SIGN_IN_FAILURES_PER_PREFIX = 50;

async function failuresSoFar(key: string): Promise<{ count: number; retryAfterSeconds: number }> {
  const now = Date.now();
  const windowStart = Math.floor(now / SIGN_IN_WINDOW_MS) * SIGN_IN_WINDOW_MS;
  const [row] = await queryRows<{ count: number }>(sql`select count from rate_limits where key = ${key} and window_start = ${new Date(windowStart).toISOString()}::timestamptz`);
  return { count: Number(row?.count ?? 0), retryAfterSeconds: Math.max(1, Math.ceil((windowStart + SIGN_IN_WINDOW_MS - now) / 1000)) };
}

export type SignInOutcome = { status: 200; body: { ok: true } } | { status: 400 | 401 | 429; body: { ok: false; message: string; retryAfterSeconds?: number } };

/**
 * Checks the limits, looks the code up (one unique-index lookup whether or not it exists, and the
 * same 'Invalid code' for every miss, so neither time nor wording tells whether a code is close),
 * counts failures, and starts the session on success.
 */
export async function attemptSignIn(input: unknown, client: string): Promise<SignInOutcome> {
  const parsed = z.object({ code: z.string() }).safeParse(input);
  const raw = parsed.success ? parsed.data.code : "";
  const code = normalizeCode(raw);
  if (code === "") return { status: 400, body: { ok: false, message: MSG.enterCode } };
  const clientKey = `signin:ip:${client}`;
  const prefixKey = `signin:prefix:${code.slice(0, 3)}`;
  for (const [key, limit] of [
    [clientKey, SIGN_IN_FAILURES_PER_CLIENT],
    [prefixKey, SIGN_IN_FAILURES_PER_PREFIX],
  ] as const) {
    const seen = await failuresSoFar(key);
    if (seen.count >= limit) {
      const minutes = Math.ceil(seen.retryAfterSeconds / 60);
      return {
        status: 429,
        body: { ok: false, message: `Too many sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, retryAfterSeconds: seen.retryAfterSeconds },
      };
    }
  }
  const user = code.length > ACCESS_CODE_MAX_LENGTH ? null : await findUserByCode(code);
  if (!user) {
    await hitRateLimit(clientKey, SIGN_IN_FAILURES_PER_CLIENT, SIGN_IN_WINDOW_MS);
    await hitRateLimit(prefixKey, SIGN_IN_FAILURES_PER_PREFIX, SIGN_IN_WINDOW_MS);
    return { status: 401, body: { ok: false, message: MSG.invalidCode } };
  }
  await startSession(user);
  return { status: 200, body: { ok: true } };
}
