import { z } from "zod";
import { parseTrustedProxies, type TrustedProxies } from "./client-address";
import { parseSignInCodes } from "./domain/sign-in-codes";
import { isLocale, LOCALES, type Locale } from "./i18n/locales";
import { overridesOf } from "./school-overrides";

// Environment is read and validated once, here, so no module reaches for process.env directly.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // The PostgreSQL server itself, for db:backup and db:restore when DATABASE_URL names a transaction
  // pooler: pg_dump and pg_restore set session settings (search_path = '') that the pooler would
  // hand on to the portal's next query on that server connection.
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_DIRECT_URL must start with postgres:// or postgresql://")
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
  // The key access codes are hashed and sealed with (decision 019). Unset: derived from the session
  // secret. Set it before ever rotating SESSION_SECRET, or every code stops working.
  CODE_KEY: z
    .string()
    .min(32, "CODE_KEY must be at least 32 characters")
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
  // The school's language (issue 31): anonymous visitors whose browser asks for none we speak, and
  // everyone who has not chosen one. A language code of lib/i18n/locales.ts.
  SCHOOL_LOCALE: z.enum(LOCALES).default("en"),
  // Test-only pseudo-locales (en-XA, ar-XB) that the hard-coded-string walk and the RTL checks use.
  PSEUDO_LOCALES: z.enum(["on", "off"]).default("off"),
  // Grades and percents on the family screens (issue 31): `locale` (default) writes them the
  // reader's way ("89,5 %" in Spanish), `point` keeps the decimal point in every language.
  GRADE_DECIMALS: z.enum(["locale", "point"]).default("locale"),
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
  // Report-card PDFs (decision 026): font files for scripts the built-in Noto Sans lacks (Chinese,
  // Japanese, Korean, …), comma-separated; `file.ttc#PostScriptName` picks one face of a collection.
  REPORT_FONTS: z.string().trim().max(2000).optional(),
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
  // A teacher's message to guardians (decision 015): `teacher` sets Reply-To to the teacher's
  // e-mail on file, so a family's reply reaches them; `off` (default) keeps staff addresses private.
  MESSAGE_REPLY_TO: z.enum(["teacher", "off"]).default("off"),
  // Which roles may sign in with an access code (issue 32): all, off, or e.g. students,parents.
  SIGNIN_CODES: z
    .string()
    .max(100)
    .default("all")
    .refine(
      (v) => parseSignInCodes(v) !== null,
      "SIGNIN_CODES must be all, off, or a list of students, parents, teachers, admins",
    ),
  // Processes `npm start` runs (scripts/start.mjs, PostgreSQL only). Read there before Next loads;
  // checked here too, so a wrong value is reported with every other problem of the configuration.
  WEB_CONCURRENCY: z.coerce
    .number({ message: "WEB_CONCURRENCY must be a whole number from 1 to 64" })
    .int("WEB_CONCURRENCY must be a whole number from 1 to 64")
    .min(1, "WEB_CONCURRENCY must be a whole number from 1 to 64")
    .max(64, "WEB_CONCURRENCY must be a whole number from 1 to 64")
    .default(1),
  // How often an idle worker looks for due jobs.
  JOBS_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  // Draining on SIGTERM (scripts/start.mjs reads them; decision 031): checked here with the rest.
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // Attachments (issue 33, decision 023): caps in MB per file (audio/video smaller), per student in all.
  FILES_MAX_MB: z.coerce.number().int().min(1).max(1024).default(25),
  FILES_MEDIA_MAX_MB: z.coerce.number().int().min(1).max(1024).default(15),
  FILES_QUOTA_MB: z.coerce.number().int().min(1).max(100_000).default(250),
  // S3-compatible storage when S3_BUCKET is set (else DATA_DIR/files on disk).
  S3_BUCKET: optionalText(),
  S3_ENDPOINT: z
    .string()
    .url("S3_ENDPOINT must be an absolute http(s) address")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalText(),
  S3_SECRET_ACCESS_KEY: optionalText(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("true"),
  // The nightly roster sync (issue 29, decision 012): a folder the SIS drops its OneRoster export
  // (or spreadsheet templates) into, imported every day at ROSTER_SYNC_AT, school time. Unset: off.
  ROSTER_SYNC_DIR: optionalText(),
  ROSTER_SYNC_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "ROSTER_SYNC_AT must be a time of day as HH:MM, e.g. 02:00")
    .default("02:00"),
  // Erasing departed students (issue 41, decision 032): how many years after a student's last closed
  // school year their personal data may be erased on /admin/records. Unset: never.
  RECORDS_RETENTION_YEARS: z.coerce
    .number({ message: "RECORDS_RETENTION_YEARS must be a whole number of years from 1 to 50" })
    .int("RECORDS_RETENTION_YEARS must be a whole number of years from 1 to 50")
    .min(1, "RECORDS_RETENTION_YEARS must be a whole number of years from 1 to 50")
    .max(50, "RECORDS_RETENTION_YEARS must be a whole number of years from 1 to 50")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  // A ClamAV daemon (host:port, clamd's TCP socket) that scans each upload before it is stored.
  CLAMAV_HOST: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, "CLAMAV_HOST must be host:port, e.g. clamav:3310")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});

function optionalText() {
  return z
    .string()
    .max(500)
    .optional()
    .or(z.literal("").transform(() => undefined));
}

export function isValidTimeZone(tz: string): boolean {
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
    if (!parsed.success) throw new Error(`Invalid configuration:\n${issueLines(parsed.error.issues).join("\n")}`);
    cached = parsed.data;
  }
  return cached;
}

function issueLines(issues: readonly { path: PropertyKey[]; message: string }[]): string[] {
  return issues.map((i) => `  ${i.path.map(String).join(".")}: ${i.message}`);
}

/**
 * Every problem of these variables, one line each ("NAME: what is wrong"), for the start-up check
 * (lib/start-check.ts), which prints them together with the school-account providers' problems.
 */
export function envProblems(source: Record<string, string | undefined>): string[] {
  const parsed = schema.safeParse(source);
  if (!parsed.success) return issueLines(parsed.error.issues).map((l) => l.trim());
  // Several processes must share one session secret; on PGlite start.mjs runs one anyway.
  if (parsed.data.WEB_CONCURRENCY > 1 && parsed.data.DATABASE_URL && !parsed.data.SESSION_SECRET)
    return ["WEB_CONCURRENCY: more than one process needs SESSION_SECRET, the same for every process"];
  return [];
}

/** Tests that change process.env read it again. */
export function resetEnvCache(): void {
  cached = undefined;
  trusted = undefined;
  serverTimeZone = undefined;
}

let trusted: TrustedProxies | undefined;
export function trustedProxies(): TrustedProxies {
  return (trusted ??= parseTrustedProxies(env().TRUSTED_PROXIES));
}

let serverTimeZone: string | undefined;

/**
 * The IANA time zone of the school of the work in progress: its own (/admin → School, issue 42),
 * else SCHOOL_TIMEZONE, else the server's.
 */
export function schoolTimeZone(): string {
  // Asked a dozen times a page: building an Intl.DateTimeFormat each time was 2.7 % of a roll
  // call's CPU (issue 30's profile) when SCHOOL_TIMEZONE is unset.
  return overridesOf()?.timeZone || installTimeZone();
}

/** The install's time zone, every school's default: SCHOOL_TIMEZONE, else the server's. */
export function installTimeZone(): string {
  return env().SCHOOL_TIMEZONE || (serverTimeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
}

/** The default language of the school of the work in progress: its own, else SCHOOL_LOCALE. */
export function schoolLocale(): Locale {
  const own = overridesOf()?.locale;
  return isLocale(own) ? own : env().SCHOOL_LOCALE;
}
