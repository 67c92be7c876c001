import { z } from "zod";

// Environment is read and validated once, here, so no module reaches for process.env directly.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().min(1).default("./data"),
  SESSION_SECRET: z
    .string()
    .min(32, "SESSION_SECRET must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SCHOOL_TIMEZONE: z
    .string()
    .optional()
    .refine((tz) => tz === undefined || tz === "" || isValidTimeZone(tz), "SCHOOL_TIMEZONE is not a known IANA time zone"),
  SEED_DEMO: z.enum(["auto", "off"]).default("auto"),
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  PARENT_PORTAL: z.enum(["on", "off"]).default("on"),
  // Benchmarks only: exposes the process's SQL totals to admins at /api/query-stats.
  QUERY_STATS: z.enum(["on", "off"]).default("off"),
  PARENT_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
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
}

/** The school's IANA time zone; falls back to the server's own. */
export function schoolTimeZone(): string {
  return env().SCHOOL_TIMEZONE || Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
