import { z } from "zod";
import { parseTrustedProxies, type TrustedProxies } from "./client-address";

// Environment is read and validated once, here, so no module reaches for process.env directly.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().min(1).default("./data"),
  // on: repeated statements are prepared once per connection (lib/db/prepared.ts); off: for a
  // pooler in transaction mode that cannot keep them (PgBouncer before 1.21).
  DATABASE_PREPARED_STATEMENTS: z.enum(["on", "off"]).default("on"),
  SESSION_SECRET: z
    .string()
    .min(32, "SESSION_SECRET must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SCHOOL_TIMEZONE: z
    .string()
    .optional()
    .refine(
      (tz) => tz === undefined || tz === "" || isValidTimeZone(tz),
      "SCHOOL_TIMEZONE is not a known IANA time zone",
    ),
  // auto: the demo school on an empty database, except on a production server (refused, with a
  // message, on PGlite too); on: also there (`npm run demo`); off: never (lib/db/demo-decision.ts).
  SEED_DEMO: z.enum(["auto", "on", "off"]).default("auto"),
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  // The no-sign-in phone lookup (decision 004): `verified` (default) tells only whether a full
  // number is on file; `open` is the spec's original behaviour; `on` is read as `verified`.
  PARENT_PORTAL: z
    .enum(["off", "verified", "open", "on"])
    .default("verified")
    .transform((v) => (v === "on" ? "verified" : v)),
  // The school's name on parent letters and report cards.
  SCHOOL_NAME: z.string().trim().max(120).default("Classroom Portal"),
  // The portal's public address for links printed on letters (e.g. https://portal.school.org).
  // Unset: the address the admin's request came to.
  PORTAL_URL: z
    .string()
    .url("PORTAL_URL must be an absolute http(s) address")
    .regex(/^https?:\/\//, "PORTAL_URL must be an absolute http(s) address")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // Benchmarks only: exposes the process's SQL totals to admins at /api/query-stats.
  QUERY_STATS: z.enum(["on", "off"]).default("off"),
  // Reverse proxies whose X-Forwarded-* headers are believed (addresses or CIDR ranges, comma-separated).
  // Unset: none; the TCP peer is the client (decision 009).
  TRUSTED_PROXIES: z
    .string()
    .max(2000)
    .optional()
    .superRefine((v, ctx) => {
      try {
        parseTrustedProxies(v);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message.replace(/^TRUSTED_PROXIES: /, "") });
      }
    }),
  PARENT_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  // The job queue's workers (decision 015): in the portal process by default; `off` on instances
  // that should only serve pages (an instance with WORKERS=on on the same database runs them).
  WORKERS: z.enum(["on", "off"]).default("on"),
  // How long an absence or tardy mark settles before families hear of it (a corrected mark sends nothing).
  NOTIFY_SETTLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  // E-mail (issue 20): an SMTP server's address, e.g. smtp://user:pass@mail.school.org:587 or
  // smtps://…:465, and the From address. Either unset: no e-mail is sent, and /admin says so.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "SMTP_URL must look like smtp://host:port or smtps://user:password@host:465")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z
    .string()
    .trim()
    .max(200)
    .regex(/^[^\r\n]*@[^\r\n]*$/, "MAIL_FROM must be an e-mail address, e.g. Lincoln School <portal@lincoln.school>")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // How often an idle worker looks for due jobs.
  JOBS_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
});

function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
      throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests that change process.env read it again. */
export function resetEnvCache(): void {
  cached = undefined;
  trusted = undefined;
}

let trusted: TrustedProxies | undefined;
export function trustedProxies(): TrustedProxies {
  return (trusted ??= parseTrustedProxies(env().TRUSTED_PROXIES));
}

/** The school's IANA time zone; falls back to the server's own. */
export function schoolTimeZone(): string {
  return env().SCHOOL_TIMEZONE || Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
