import "server-only";
import { z } from "zod";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { formatDate } from "@/lib/domain/format";
import { band } from "@/lib/domain/grades";
import { REPORT_CARD_THRESHOLDS } from "@/lib/domain/constants";
import { readStudentTermInputs, studentTermViews } from "@/lib/gradebook/term-grades";
import { dateInTimeZone } from "@/lib/domain/dates";
import { lastPublishedTerm } from "@/lib/domain/terms";
import { validateParentPhone, type PhoneProblem } from "@/lib/domain/phone";
import { msg, type Message } from "@/lib/i18n/message";
import { requestLocale } from "@/lib/i18n/request-locale";
import { whyInLanguage } from "@/lib/i18n/why";
import { buildReportCard, termAttendancePercent, type ReportCardView } from "@/lib/domain/report-card";
import { storedPoints } from "@/lib/domain/stored-grade";
import { clientNetwork } from "@/lib/client-address";
import { env, schoolTimeZone } from "@/lib/env";
import { overridesOf } from "@/lib/school-overrides";
import { clientKey, hitRateLimit } from "@/lib/rate-limit";
import {
  findStudentsByParentDigits,
  getReportCard,
  phoneNumberOnFile,
  studentHasParentNumber,
} from "@/lib/queries/parent";

// The no-sign-in phone lookup (spec §2 /parent), in three modes (PARENT_PORTAL, decision 004):
// - verified (default): says at most whether a full number is on file; no name, no record. A
//   report card opens only with a secret the school issued (report-card link, access code).
// - open: the spec's original behaviour (partial match, names, report card), keyed for the
//   report card on the full number.
// - off: nothing.
// Every lookup is rate-limited per client and per network, and written to the audit log.
// Refusals are descriptors of the catalog's `parent`, written in the family's language by the route
// (lib/parent/route.ts).

export type PortalResult<T> =
  | { status: 200; body: T }
  | { status: 400 | 403 | 404 | 429 | 503; body: { error: Message; retryAfterSeconds?: number } };
export type PortalMode = "off" | "verified" | "open";

const MINUTE = 60_000;
const PORTAL_OFF = msg("parent.portalOff");
const NOT_FOUND = msg("parent.notFound");
const VERIFIED_REPORT = msg("parent.verifiedReport");
const phoneRefusal = (problem: PhoneProblem) =>
  msg(problem === "enterPhone" ? "parent.enterPhone" : "parent.phoneInvalid");

/** The school's own lookup mode (/admin → School, issue 42), else the install's PARENT_PORTAL. */
export function portalMode(): PortalMode {
  const own = overridesOf()?.parentPortal;
  return own === "off" || own === "verified" || own === "open" ? own : env().PARENT_PORTAL;
}

/**
 * Two buckets, no school-wide one (issue 28 item 7): the client's own address, then its network
 * (/24 or /56, lib/client-address.ts). A request the first refuses never reaches the second, and no
 * set of clients shares a bucket with parents on other networks, so nobody can lock the portal for
 * every family; enumeration still costs a whole network per NETWORK_SHARE lookups a minute.
 */
export const NETWORK_SHARE = 5;
async function limit(client: string): Promise<PortalResult<never> | null> {
  const perClient = env().PARENT_LOOKUPS_PER_MINUTE;
  const mine = await hitRateLimit(clientKey("parent", client), perClient, MINUTE);
  const blocked = mine.allowed
    ? await hitRateLimit(clientKey("parent-net", clientNetwork(client)), perClient * NETWORK_SHARE, MINUTE).then(
        (net) => (net.allowed ? null : net),
      )
    : mine;
  if (!blocked) return null;
  return {
    status: 429,
    body: {
      error: msg("parent.tooManyLookups", { seconds: blocked.retryAfterSeconds }),
      retryAfterSeconds: blocked.retryAfterSeconds,
    },
  };
}

export type LookupBody =
  | { mode: "verified"; digits: string; onFile: true }
  | { mode: "open"; digits: string; students: { id: number; name: string }[] };

export async function lookupStudents(input: unknown, client: string): Promise<PortalResult<LookupBody>> {
  const mode = portalMode();
  if (mode === "off") return { status: 503, body: { error: PORTAL_OFF } };
  const parsed = z.object({ phone: z.string().max(100) }).safeParse(input);
  const phone = validateParentPhone(parsed.success ? parsed.data.phone : "");
  if (!phone.ok) return { status: 400, body: { error: phoneRefusal(phone.problem) } };
  const limited = await limit(client);
  if (limited) return limited;
  if (mode === "verified") {
    // The whole number, digit for digit: no name, no id, nothing of any record.
    const onFile = await phoneNumberOnFile(phone.digits);
    await audit(db(), { action: "parent.lookup", detail: { mode, digits: phone.digits, onFile } });
    return onFile
      ? { status: 200, body: { mode, digits: phone.digits, onFile } }
      : { status: 404, body: { error: NOT_FOUND } };
  }
  const students = await findStudentsByParentDigits(phone.digits);
  await audit(db(), { action: "parent.lookup", detail: { mode, digits: phone.digits, results: students.length } });
  if (students.length === 0) return { status: 404, body: { error: NOT_FOUND } };
  return { status: 200, body: { mode, digits: phone.digits, students } };
}

export async function loadParentReportCard(input: unknown, client: string): Promise<PortalResult<ReportCardView>> {
  const mode = portalMode();
  if (mode === "off") return { status: 503, body: { error: PORTAL_OFF } };
  // Verified: a phone number is not a secret the school issued, so it opens nothing.
  if (mode === "verified") return { status: 403, body: { error: VERIFIED_REPORT } };
  const parsed = z
    .object({ phone: z.string().max(100), studentId: z.number().int().positive().max(2_147_483_647) })
    .safeParse(input);
  if (!parsed.success) return { status: 400, body: { error: phoneRefusal("enterPhone") } };
  const phone = validateParentPhone(parsed.data.phone);
  if (!phone.ok) return { status: 400, body: { error: phoneRefusal(phone.problem) } };
  const limited = await limit(client);
  if (limited) return limited;
  // The full number is the key, never the 7 digits that found the name.
  if (!(await studentHasParentNumber(parsed.data.studentId, phone.digits)))
    return { status: 404, body: { error: NOT_FOUND } };
  const card = await reportCardFor(parsed.data.studentId, await requestLocale());
  await audit(db(), {
    action: "parent.report",
    detail: { mode, digits: phone.digits, studentId: parsed.data.studentId },
  });
  return card ? { status: 200, body: card } : { status: 404, body: { error: NOT_FOUND } };
}

/**
 * The report card view for one student (callers have checked who may see it). Each class's
 * headline is the grade of the term shown (today's, else the whole year) from the one calculator,
 * or, for a published term, its stored card (issue 27): never recomputed, and the same figure
 * the Summary, the grid, the PDF and the e-mails show. The last published term's card is listed
 * for every class it covers, classes the student has since left included.
 */
export async function reportCardFor(studentId: number, locale = "en"): Promise<ReportCardView | null> {
  const data = await getReportCard(studentId);
  if (!data) return null;
  const tz = schoolTimeZone();
  const card = buildReportCard({
    student: data.student,
    classes: data.classes,
    grades: data.grades.map((g) => ({ ...g, gradedOn: formatDate(g.gradedAt, tz, locale) })),
    attendance: data.attendance,
  });
  const codes = card.classes.map((c) => c.code);
  // Today's term (or the whole year) and the published terms' cards from one read (one statement).
  const inputs = await readStudentTermInputs(codes, studentId, tz);
  const now = new Date();
  const shown = studentTermViews(inputs, codes, null, dateInTimeZone(now, tz), now.getTime());
  const latest = lastPublishedTerm(inputs.context.terms, (id) => inputs.context.published.has(id));
  for (const c of card.classes) {
    const t = shown.get(c.code);
    if (!t) continue;
    c.percent = t.empty ? null : t.percent;
    c.letter = t.empty ? null : t.letter;
    c.band = t.empty ? null : band(t.percent, REPORT_CARD_THRESHOLDS);
    c.gradeTitle = t.term?.title ?? null;
    c.points = t.points;
    // The attendance beside the grade is of the same term: a published term's as stored with its
    // card (never recomputed), an open term's from the days in its dates; the whole year's otherwise.
    const term = t.term && inputs.context.terms.find((x) => x.id === t.term!.id);
    if (term) {
      c.attendanceTitle = term.title;
      c.attendancePercent = t.published
        ? (inputs.context.stored.get(c.code)?.get(term.id)?.attendancePercent ?? null)
        : termAttendancePercent(c.attendance, term);
    }
    // How it is made, where it can differ from spec §9's plain sum (terms, weights, drops, overrides).
    if (!t.published && (t.terms.length > 0 || t.customized))
      c.term = {
        title: t.term?.title ?? null,
        percent: t.percent,
        letter: t.letter ?? "",
        empty: t.empty,
        overridden: t.overridden,
        why: whyInLanguage(t.why, locale),
      };
  }
  // The last published term's report card, from its stored rows.
  if (latest) {
    for (const p of data.publishedCards.filter((x) => x.termId === latest.id)) {
      let c = card.classes.find((x) => x.code === p.levelCode);
      if (!c) {
        // A class the student has left: its card stays, with the class as it was printed.
        c = {
          code: p.levelCode,
          name: p.className,
          period: p.period,
          letter: p.card.letter,
          percent: p.card.percent,
          band: p.card.percent === null ? null : band(p.card.percent, REPORT_CARD_THRESHOLDS),
          gradeTitle: latest.title,
          points: storedPoints(p.card),
          attendancePercent: p.card.attendancePercent,
          attendanceTitle: latest.title,
          grades: [],
          attendance: [],
        };
        card.classes.push(c);
      }
      c.published = {
        title: latest.title,
        percent: p.card.percent ?? 0,
        letter: p.card.letter ?? "—",
        empty: p.card.percent === null,
        overridden: p.card.override !== null,
        why: whyInLanguage(p.card.why.family, locale),
        attendancePercent: p.card.attendancePercent,
        attendance: p.card.attendance,
        comment: p.card.comment,
      };
    }
  }
  return card;
}
