import "server-only";

interface PgLikeError {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}

/** The Postgres error under Drizzle's wrapper (both pg and PGlite report SQLSTATE in `code`). */
function pgError(err: unknown): PgLikeError | null {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === "object"; depth++) {
    const candidate = e as PgLikeError;
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    e = candidate.cause;
  }
  return null;
}

/** A unique-constraint violation, with the constraint's name when the driver reports it. */
export function uniqueViolation(err: unknown): { constraint: string } | null {
  const e = pgError(err);
  if (!e || e.code !== "23505") return null;
  const fromMessage = /unique constraint "([^"]+)"/.exec(e.message ?? "")?.[1];
  return { constraint: e.constraint ?? fromMessage ?? "" };
}
