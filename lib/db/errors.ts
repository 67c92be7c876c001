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

/**
 * The database could not be reached (decision 030): refused or lost connections, a server
 * starting, shutting down or in recovery (SQLSTATE class 08, 57P01–57P03), PgBouncer's own
 * "server login has been failing", or a pooled connection lost while a request held it, found at
 * its next statement (node-postgres: "…is not queryable"). Not a bug of the request: it is
 * answered with "try again".
 */
export function databaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 4 && e && typeof e === "object"; depth++) {
    const code = (e as PgLikeError).code;
    if (typeof code === "string") {
      if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH)$/.test(code)) return true;
      if (/^08/.test(code) || /^57P0[123]$/.test(code)) return true;
    }
    if (
      /Connection terminated|connection timeout|server login has been failing|is not queryable/i.test(
        (e as PgLikeError).message ?? "",
      )
    )
      return true;
    e = (e as PgLikeError).cause;
  }
  return false;
}
