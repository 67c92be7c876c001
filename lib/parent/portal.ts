import "server-only";
import { z } from "zod";
import { audit } from "@/lib/audit";
import { db } from "@/lib/db/client";
import { formatDate } from "@/lib/domain/format";
import { validateParentPhone } from "@/lib/domain/phone";
import { buildReportCard, type ReportCardView } from "@/lib/domain/report-card";
import { env, schoolTimeZone } from "@/lib/env";
import { hitRateLimit } from "@/lib/rate-limit";
import { findStudentsByParentDigits, getReportCard, studentMatchesParentDigits } from "@/lib/queries/parent";

// The parent portal needs no sign-in (spec §6), so everything it reveals is keyed on a parent
// phone number, rate-limited per client and globally, and recorded in the audit log.

export type PortalResult<T> = { status: 200; body: T } | { status: 400 | 403 | 404 | 429 | 503; body: { error: string; retryAfterSeconds?: number } };

const MINUTE = 60_000;
export const PORTAL_OFF_MESSAGE = "The parent portal is turned off at this school. Please contact the school office.";

async function limit(client: string): Promise<PortalResult<never> | null> {
  const perClient = env().PARENT_LOOKUPS_PER_MINUTE;
  const mine = await hitRateLimit(`parent:${client}`, perClient, MINUTE);
  // A backstop for clients that forge their address: the whole school's portal, per minute.
  const everyone = await hitRateLimit("parent:*", perClient * 30, MINUTE);
  const blocked = !mine.allowed ? mine : !everyone.allowed ? everyone : null;
  if (!blocked) return null;
  return {
    status: 429,
    body: { error: `Too many lookups. Please wait ${blocked.retryAfterSeconds} seconds and try again.`, retryAfterSeconds: blocked.retryAfterSeconds },
  };
}

export async function lookupStudents(input: unknown, client: string): Promise<PortalResult<{ digits: string; students: { id: number; name: string }[] }>> {
  if (env().PARENT_PORTAL === "off") return { status: 503, body: { error: PORTAL_OFF_MESSAGE } };
  const parsed = z.object({ phone: z.string().max(100) }).safeParse(input);
  const phone = validateParentPhone(parsed.success ? parsed.data.phone : "");
  if (!phone.ok) return { status: 400, body: { error: phone.message } };
  const limited = await limit(client);
  if (limited) return limited;
  const students = await findStudentsByParentDigits(phone.digits);
  await audit(db(), { action: "parent.lookup", detail: { digits: phone.digits, results: students.length, client } });
  if (students.length === 0) return { status: 404, body: { error: "No students found with that parent phone number" } };
  return { status: 200, body: { digits: phone.digits, students } };
}

export async function loadParentReportCard(input: unknown, client: string): Promise<PortalResult<ReportCardView>> {
  if (env().PARENT_PORTAL === "off") return { status: 503, body: { error: PORTAL_OFF_MESSAGE } };
  const parsed = z.object({ phone: z.string().max(100), studentId: z.number().int().positive().max(2_147_483_647) }).safeParse(input);
  if (!parsed.success) return { status: 400, body: { error: "Please enter a phone number" } };
  const phone = validateParentPhone(parsed.data.phone);
  if (!phone.ok) return { status: 400, body: { error: phone.message } };
  const limited = await limit(client);
  if (limited) return limited;
  // The phone is the key: a student id alone opens nothing.
  if (!(await studentMatchesParentDigits(parsed.data.studentId, phone.digits))) {
    return { status: 404, body: { error: "No students found with that parent phone number" } };
  }
  const card = await reportCardFor(parsed.data.studentId);
  await audit(db(), { action: "parent.report", detail: { digits: phone.digits, studentId: parsed.data.studentId, client } });
  return card ? { status: 200, body: card } : { status: 404, body: { error: "No students found with that parent phone number" } };
}

/** The report card view for one student (callers have checked who may see it). */
export async function reportCardFor(studentId: number): Promise<ReportCardView | null> {
  const data = await getReportCard(studentId);
  if (!data) return null;
  const tz = schoolTimeZone();
  return buildReportCard({
    student: data.student,
    classes: data.classes,
    grades: data.grades.map((g) => ({ ...g, gradedOn: formatDate(g.gradedAt, tz) })),
    attendance: data.attendance,
  });
}
