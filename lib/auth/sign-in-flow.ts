import "server-only";
import { z } from "zod";
import { clientKey, giveBack, hitRateLimit } from "@/lib/rate-limit";
import { ACCESS_CODE_MAX_LENGTH } from "@/lib/domain/constants";
import { msg, type Message } from "@/lib/i18n/message";
import { auditRefusedCode, codeSignInAllowed } from "./oidc/code-policy";
import { refreshSchoolSettings, schoolSettingsRead } from "@/lib/district/school-settings";
import { withSchool } from "@/lib/db/school-scope";
import { signInSchool, startSession } from "./session";
import { findUserByCode, normalizeCode } from "./sign-in";

// Sign-in abuse limits (stored in the database, so every app instance shares them), per 10 minutes:
// - 10 attempts per client address: counted BEFORE the code is looked up (increment, then decide),
//   so parallel requests cannot all read "9 so far"; a correct code gives its attempt back.
// - 50 misses per code prefix (first three characters) and 1,000 misses school-wide: they slow a
//   distributed guess, but a correct code is let through unless its own client is over its limit.
// A failure to record an attempt refuses the sign-in (fail closed), never a 500.
export const SIGN_IN_WINDOW_MS = 10 * 60 * 1000;
export const SIGN_IN_FAILURES_PER_CLIENT = 10;
export const SIGN_IN_FAILURES_PER_PREFIX = 50;
export const SIGN_IN_FAILURES_SCHOOL_WIDE = 1000;

/** The answer; its message a descriptor, written in the reader's language by the route (app/api/session). */
export type SignInOutcome =
  | { status: 200; body: { ok: true } }
  | { status: 400 | 401 | 429 | 503; body: { ok: false; message: Message; retryAfterSeconds?: number } };

function tooMany(retryAfterSeconds: number): SignInOutcome {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    status: 429,
    body: { ok: false, message: msg("signInAnswers.waitMinutes", { minutes }), retryAfterSeconds },
  };
}

const UNAVAILABLE: SignInOutcome = {
  status: 503,
  body: { ok: false, message: msg("signInAnswers.unavailable"), retryAfterSeconds: 30 },
};

/**
 * Counts the attempt, looks the code up (one unique-index lookup whether or not it exists, and the
 * same 'Invalid code' for every miss, so neither time nor wording tells whether a code is close),
 * and starts the session on success.
 */
export async function attemptSignIn(input: unknown, client: string): Promise<SignInOutcome> {
  const parsed = z.object({ code: z.string() }).safeParse(input);
  const raw = parsed.success ? parsed.data.code : "";
  const code = normalizeCode(raw);
  if (code === "") return { status: 400, body: { ok: false, message: msg("signInAnswers.enterCode") } };
  const perClient = clientKey("signin:ip", client);
  let mine;
  try {
    mine = await hitRateLimit(perClient, SIGN_IN_FAILURES_PER_CLIENT, SIGN_IN_WINDOW_MS);
  } catch (err) {
    console.error("sign-in: the attempt could not be counted; refusing:", err);
    return UNAVAILABLE;
  }
  if (!mine.allowed) return tooMany(mine.retryAfterSeconds);

  // Each of the person's schools says whether its people's codes sign in (lib/auth/oidc/code-policy.ts).
  // Read for every attempt, before the look-up, so a refused right code costs what a miss costs; a
  // process that has never read them refuses rather than fall back to the install's looser rule.
  await refreshSchoolSettings();
  if (!schoolSettingsRead()) return UNAVAILABLE;
  const found = code.length > ACCESS_CODE_MAX_LENGTH ? null : await findUserByCode(code);
  if (found && codeSignInAllowed(found)) {
    // A right code does not count against its client.
    await giveBack(perClient, SIGN_IN_WINDOW_MS).catch(() => undefined);
    await startSession(found);
    return { status: 200, body: { ok: true } };
  }
  // SIGNIN_CODES (issue 32): a right code of a role whose codes are off is answered, counted and
  // timed as a miss (the same look-up, the same two counters, the same 401 and message), so the
  // answer never tells whether a code exists; the sign-in dialog says who signs in how. Its audit
  // entry is written after the answer is decided, so the answer does not wait for it.
  const outcome = await countMiss(code);
  // In the person's school, not the browser's: another school's admins never see them.
  if (found)
    void signInSchool(found.id)
      .then(({ schoolId }) => withSchool(schoolId, () => auditRefusedCode(found)))
      .catch((err) => console.error("sign-in: a refused code could not be audited:", err));
  return outcome;
}

/** A miss: counted per code prefix and school-wide; 'Invalid code', or 429 past either limit. */
async function countMiss(code: string): Promise<SignInOutcome> {
  try {
    const prefix = await hitRateLimit(
      clientKey("signin:prefix", code.slice(0, 3)),
      SIGN_IN_FAILURES_PER_PREFIX,
      SIGN_IN_WINDOW_MS,
    );
    const school = await hitRateLimit("signin:school", SIGN_IN_FAILURES_SCHOOL_WIDE, SIGN_IN_WINDOW_MS);
    if (!school.allowed && school.count === SIGN_IN_FAILURES_SCHOOL_WIDE + 1)
      console.warn(
        `sign-in: more than ${SIGN_IN_FAILURES_SCHOOL_WIDE} failed attempts across the school in 10 minutes`,
      );
    const over = !prefix.allowed ? prefix : !school.allowed ? school : null;
    if (over) return tooMany(over.retryAfterSeconds);
  } catch (err) {
    console.error("sign-in: a miss could not be counted:", err);
  }
  return { status: 401, body: { ok: false, message: msg("signInAnswers.invalidCode") } };
}
