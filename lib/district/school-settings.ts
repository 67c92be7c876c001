import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { ACCOUNT_DOMAIN, oidcProviders } from "@/lib/auth/oidc/config";
import { db, queryRows } from "@/lib/db/client";
import { databaseUnavailable } from "@/lib/db/errors";
import { uncounted } from "@/lib/db/query-stats";
import { currentSchoolId } from "@/lib/db/school-scope";
import { memberHere } from "@/lib/db/schools";
import { CODE_ROLE_WORDS, codeRoleWords, parseSignInCodes } from "@/lib/domain/sign-in-codes";
import { env, installTimeZone, isValidTimeZone } from "@/lib/env";
import { msg, zmsg } from "@/lib/i18n/message";
import { LOCALES } from "@/lib/i18n/locales";
import { overridesOf, overridesReadAt, replaceOverrides, type SchoolOverrides } from "@/lib/school-overrides";

// Each school's own settings (issue 42, decision 037): its time zone, default language, parent
// lookup mode, which roles sign in with access codes, and its school-account domains. A school
// admin sets their school's on /admin → School; each left empty is the install's environment
// variable. They live in `schools` (the district's table, one row a school) so one statement reads
// every school's for the synchronous getters (lib/school-overrides.ts).

/** How long a process trusts its copy: another host's change is seen within this. */
export const SETTINGS_FRESH_MS = 10_000;
export const MAX_ACCOUNT_DOMAINS = 20;

const loading = globalThis as { __portalSchoolSettingsLoad?: Promise<void> };

interface Row {
  id: number;
  time_zone: string | null;
  locale: string | null;
  parent_portal: string | null;
  sign_in_codes: string | null;
  account_domains: string | null;
}

function overridesOfRow(r: Row): SchoolOverrides {
  return {
    timeZone: r.time_zone,
    locale: r.locale,
    parentPortal: r.parent_portal,
    signInCodes: r.sign_in_codes,
    accountDomains: r.account_domains ? r.account_domains.split(",") : null,
  };
}

async function readAll(): Promise<void> {
  const startedAt = Date.now();
  const rows = await queryRows<Row>(
    sql`select id, time_zone, locale, parent_portal, sign_in_codes, account_domains from schools`,
  );
  replaceOverrides(new Map(rows.map((r) => [Number(r.id), overridesOfRow(r)])), startedAt);
}

/**
 * Reads every school's settings again when this process's copy is older than SETTINGS_FRESH_MS
 * (once for all the requests that ask together). Called where a request or a job starts (the
 * session check, the request's language, the sign-in, the parent lookup, each job); a failure keeps
 * the copy it had, and the request goes on to fail, or not, on its own.
 */
export async function refreshSchoolSettings(force = false): Promise<void> {
  if (!force && Date.now() - overridesReadAt() < SETTINGS_FRESH_MS) return;
  const running = loading.__portalSchoolSettingsLoad;
  // A forced read (after a save) must start after any read already under way, which may have
  // begun before the save committed and would otherwise stand for the next 10 s.
  const read =
    running && !force ? running : (running ?? Promise.resolve()).catch(() => undefined).then(() => uncounted(readAll));
  if (read !== running) {
    loading.__portalSchoolSettingsLoad = read;
    void read
      .finally(() => {
        if (loading.__portalSchoolSettingsLoad === read) loading.__portalSchoolSettingsLoad = undefined;
      })
      .catch(() => undefined);
  }
  try {
    await read;
  } catch (err) {
    if (!databaseUnavailable(err)) console.error("school settings could not be read:", err);
  }
}

/** Whether this process has read the schools' settings at least once (else the getters give the install's). */
export function schoolSettingsRead(): boolean {
  return overridesReadAt() > 0;
}

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.literal(""), z.enum(values)], { error: zmsg("schoolSettings.actions.choose") });

export const schoolSettingsSchema = z.object({
  timeZone: z
    .string()
    .trim()
    .max(64, zmsg("schoolSettings.actions.timeZone"))
    .refine((tz) => tz === "" || isValidTimeZone(tz), zmsg("schoolSettings.actions.timeZone")),
  locale: choice(LOCALES),
  parentPortal: choice(["off", "verified", "open"] as const),
  codes: z.enum(["install", "custom"], { error: zmsg("schoolSettings.actions.choose") }),
  codeRoles: z.array(z.enum(CODE_ROLE_WORDS, { error: zmsg("schoolSettings.actions.choose") })).max(4),
  accountDomains: z.string().max(2_000, zmsg("schoolSettings.actions.tooManyDomains", { max: MAX_ACCOUNT_DOMAINS })),
});
export type SchoolSettingsInput = z.output<typeof schoolSettingsSchema>;

/** What /admin → School shows: the school's own values ("" where it follows the install) and the install's. */
export interface SchoolSettingsView {
  own: {
    timeZone: string;
    locale: string;
    parentPortal: string;
    codes: "install" | "custom";
    codeRoles: string[];
    accountDomains: string;
  };
  install: { timeZone: string; locale: string; parentPortal: string; codeRoles: string[] };
  timeZones: string[];
  locales: readonly string[];
  /** Whether any school-account provider is configured: limiting codes needs one. */
  accountsConfigured: boolean;
}

/** A SIGNIN_CODES-style setting as the form's role words (lib/domain/sign-in-codes.ts). */
const wordsOf = (setting: string) => codeRoleWords(parseSignInCodes(setting) ?? new Set());
const installRoleWords = () => wordsOf(env().SIGNIN_CODES);

export async function loadSchoolSettingsView(): Promise<SchoolSettingsView> {
  await refreshSchoolSettings(true);
  const own = overridesOf();
  return {
    own: {
      timeZone: own?.timeZone ?? "",
      locale: own?.locale ?? "",
      parentPortal: own?.parentPortal ?? "",
      codes: own?.signInCodes == null ? "install" : "custom",
      codeRoles: own?.signInCodes == null ? installRoleWords() : wordsOf(own.signInCodes),
      accountDomains: (own?.accountDomains ?? []).join(", "),
    },
    install: {
      timeZone: installTimeZone(),
      locale: env().SCHOOL_LOCALE,
      parentPortal: env().PARENT_PORTAL,
      codeRoles: installRoleWords(),
    },
    // Node's list leaves out UTC and some aliases (Asia/Kolkata); a zone the school already has stays choosable.
    timeZones: [
      ...new Set(["UTC", ...Intl.supportedValuesOf("timeZone"), ...(own?.timeZone ? [own.timeZone] : [])]),
    ].sort(),
    locales: LOCALES,
    accountsConfigured: oidcProviders().length > 0,
  };
}

/** "a.org, B.org" → ["a.org", "b.org"], or the first entry that is no domain name. */
export function parseAccountDomains(text: string): { domains: string[] } | { bad: string } | { tooMany: true } {
  const domains = [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  if (domains.length > MAX_ACCOUNT_DOMAINS) return { tooMany: true };
  const bad = domains.find((d) => !ACCOUNT_DOMAIN.test(d));
  return bad === undefined ? { domains } : { bad };
}

/**
 * Saves the school's settings (the transaction's school: a school admin's own, never another's).
 * Limiting access codes needs a school-account provider; turning admins' codes off needs each of
 * the school's admins to have signed in with their school account once, so none is locked out.
 */
export async function saveSchoolSettings(input: SchoolSettingsInput, actorId: number): Promise<Answer> {
  const parsedDomains = parseAccountDomains(input.accountDomains);
  if ("tooMany" in parsedDomains)
    return { ok: false, message: msg("schoolSettings.actions.tooManyDomains", { max: MAX_ACCOUNT_DOMAINS }) };
  if ("bad" in parsedDomains)
    return { ok: false, message: msg("schoolSettings.actions.domain", { value: parsedDomains.bad.slice(0, 80) }) };
  const codes =
    input.codes === "install" ? null : input.codeRoles.length === 0 ? "off" : [...new Set(input.codeRoles)].join(",");
  const roles = codes === null ? null : parseSignInCodes(codes)!;
  if (roles && roles.size < 4 && oidcProviders().length === 0)
    return { ok: false, message: msg("schoolSettings.actions.codesNeedAccounts") };
  if (roles && !roles.has("admin")) {
    // Each of the school's own admins (district admins follow the install) must already be able to
    // sign in with a school account: the saver, and every other admin the change would shut out.
    const [unlinked] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from users u where u.role = 'admin' and not u.district_admin and u.roster_deleted_at is null
        and ${memberHere(sql`u.id`)} and not exists (select 1 from oidc_links l where l.user_id = u.id)`,
    );
    const count = Number(unlinked?.n ?? 0);
    if (count > 0) return { ok: false, message: msg("schoolSettings.actions.linkFirst", { count }) };
  }
  const values = {
    timeZone: input.timeZone || null,
    locale: input.locale || null,
    parentPortal: input.parentPortal || null,
    signInCodes: codes,
    accountDomains: parsedDomains.domains.length ? parsedDomains.domains.join(",") : null,
  };
  await db().transaction(async (tx) => {
    await tx.execute(sql`update schools set time_zone = ${values.timeZone}, locale = ${values.locale},
      parent_portal = ${values.parentPortal}, sign_in_codes = ${values.signInCodes},
      account_domains = ${values.accountDomains} where id = ${currentSchoolId()}`);
    await audit(tx, { action: "school.settings_saved", actorId, detail: values });
  });
  // This process sees the change at once; the others within SETTINGS_FRESH_MS.
  await refreshSchoolSettings(true);
  return { ok: true, message: msg("schoolSettings.actions.saved") };
}

/**
 * Whether a school account whose verified e-mail is in `domain` may link to this person (issue 42):
 * when each school they belong to names its own domains, the domain must be one of them, so one
 * school's accounts never link to another school's people. A school that names none leaves it to
 * the provider's domains; a district admin is the install's.
 */
export async function accountDomainAllowed(userId: number, domain: string): Promise<boolean> {
  await refreshSchoolSettings();
  // Never read: the schools' lists are unknown, and a link is for good. Refuse (the sign-in says so).
  if (!schoolSettingsRead()) return false;
  const rows = await queryRows<{ school_id: number; district: boolean }>(
    sql`select m.school_id, u.district_admin as district from users u left join school_memberships m on m.user_id = u.id where u.id = ${userId}`,
  );
  if (rows.length === 0 || rows.some((r) => r.district) || rows.every((r) => r.school_id == null)) return true;
  const lists = rows.map((r) => overridesOf(Number(r.school_id))?.accountDomains ?? null);
  if (lists.some((l) => l === null)) return true;
  return lists.some((l) => l!.includes(domain));
}
