import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { saveClass } from "@/app/admin/actions";
import { POST as parentReportRoute } from "@/app/api/parent/report/route";
import { GET as childPdfRoute } from "@/app/children/[studentId]/pdf/route";
import { GET as linkPdfRoute } from "@/app/r/[token]/pdf/route";
import { createAssignment } from "@/app/level/[levelCode]/update/assignment-actions";
import { addAttendanceDay, markRollCall } from "@/app/level/[levelCode]/update/attendance-actions";
import { enrollStudents } from "@/app/level/[levelCode]/update/class-roster-actions";
import { saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { openCode } from "@/lib/auth/code-store";
import { reportCardPageAccess } from "@/lib/auth/page-access";
import { queryRows } from "@/lib/db/client";
import { gradebookCsv } from "@/lib/export/gradebook";
import { loadClassTermGrades } from "@/lib/gradebook/class-term-grades";
import type { TermChoice } from "@/lib/gradebook/term-grades";
import { issueReportLink } from "@/lib/parent/report-links";
import { unlinkGuardian } from "@/lib/parent/guardians";
import { loadTermReportCards } from "@/lib/report-pdf/data";
import { reportCardsPdfResponse } from "@/lib/report-pdf/response";
import { closeYear } from "@/lib/years/close";
import { form } from "./support/form";
import { pdfText } from "./support/pdf";
import { publishTerms } from "./support/publish";
import {
  CODES,
  dayFromNow,
  generateYearOne,
  insertYear,
  teacherCodeOf,
  type GeneratedYear,
} from "./support/school-year";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 41, end to end: a generated school's year 1 (terms, classes, grades, attendance, a
// published term) is closed, year 2 starts with its own terms, classes, grades and attendance and
// publishes a term — and everything year 1 shows reads exactly as before: its stored report cards,
// the calculator's term grades its screens show, a student's report-card PDF and a class's
// gradebook CSV. A guardian whose link to a student was removed during year 1 opens none of
// that student's records.

useTestDatabase();
const TZ = "UTC";
const idle = { ok: true } as const;
let year1: GeneratedYear;
let adminId: number;
let pdfStudent: { id: number; name: string };
let removedGuardian: { parentCode: string; studentId: number; phone: string; token: string };

const sha = (s: string | Buffer) => crypto.createHash("sha256").update(s).digest("hex");
const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(q))[0]!;

/** A report-card PDF as families get it (lib/report-pdf), and its text as pdftotext reads it. */
async function reportCardPdf(term: GeneratedYear["terms"][number], studentId: number) {
  const students = await loadTermReportCards(
    { id: term.id, title: term.title, type: "term", startDate: term.start, endDate: term.end, imported: false },
    { kind: "student", id: studentId },
    TZ,
  );
  const res = reportCardsPdfResponse(students, term.title, `report-card-${studentId}`, TZ, "en", "Classroom Portal");
  const bytes = Buffer.from(await res.arrayBuffer());
  return { bytes, text: pdfText(bytes) };
}

/**
 * The PDF's bytes without what PDFKit stamps on each rendering: its creation date (an object of
 * its own, "(D:20261129011510Z)") and the file ID made from it. The rest must be byte-identical.
 */
const undated = (pdf: Buffer) =>
  Buffer.from(
    pdf
      .toString("latin1")
      .replace(/\(D:\d{14}Z\)/g, "(D:)")
      .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/gi, "/ID []"),
    "latin1",
  );

/** Every figure year 1 shows, each hashed apart so a change names what changed. */
async function yearOneFacts(): Promise<Record<string, string>> {
  const [autumn, spring] = year1.terms;
  const facts: Record<string, string> = {};
  // The stored report cards of year 1's terms, and every stored card of year 1's classes.
  const rows = (where: ReturnType<typeof sql>) =>
    one<{ n: number; h: string }>(
      sql`select count(*)::int as n, coalesce(md5(string_agg(r::text, E'\n' order by r::text)), '') as h from term_grade_records r where ${where}`,
    ).then((r) => `${r.n}:${r.h}`);
  facts["cards of year 1's terms"] = await rows(sql`r.term_id in (${autumn.id}, ${spring.id})`);
  facts["cards of year 1's classes"] = await rows(
    sql`r.level_code in (select code from levels where year_id = ${year1.id})`,
  );
  // The term grades the Term grades page, the Summary and the grid show (the calculator, or the stored cards).
  for (const code of year1.classes)
    for (const [label, choice] of [
      ["Autumn", autumn.id],
      ["Spring", spring.id],
      ["whole year", "year"],
    ] as [string, TermChoice][]) {
      const grades = await loadClassTermGrades(code, choice, TZ);
      const shown = grades.rows.map(({ studentId, name, view, override, comment }) => {
        const { terms: _picker, ...figures } = view;
        return { studentId, name, figures, override, comment };
      });
      facts[`term grades ${code} ${label}`] = sha(JSON.stringify({ term: grades.term, shown }));
    }
  const pdf = await reportCardPdf(autumn, pdfStudent.id);
  facts["report-card PDF bytes, undated"] = sha(undated(pdf.bytes));
  facts["report-card PDF text"] = sha(pdf.text);
  for (const [label, choice] of [
    ["Autumn", autumn.id],
    ["Spring", spring.id],
    ["whole year", "year"],
  ] as [string, TermChoice][])
    facts[`gradebook CSV ${label}`] = sha((await gradebookCsv(year1.classes[0]!, choice, TZ)).csv);
  return facts;
}

beforeAll(async () => {
  year1 = await generateYearOne();
  adminId = Number((await one<{ id: number }>(sql`select id from users where role = 'admin'`)).id);
  pdfStudent = await one(sql`select u.id, u.name from student_enrollment e join users u on u.id = e.student_id
    where e.level_code = ${year1.classes[0]!} order by u.id limit 1`);
  await publishTerms([year1.terms[0].id]);
  // During year 1: a guardian is linked (the phone number on file links them), given a report-card
  // link, then an admin removes the link.
  const link = await one<{ id: number; parent: number; student: number; sealed: string; phone: string }>(sql`
    select g.id, g.parent_id as parent, g.student_id as student, p.code_sealed as sealed, p.phone_number as phone
    from guardian_links g join users p on p.id = g.parent_id
    join student_enrollment e on e.student_id = g.student_id and e.level_code = ${year1.classes[1]!}
    where g.removed_at is null order by g.id limit 1`);
  const issued = await issueReportLink({
    guardianLinkId: Number(link.id),
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
    actorId: adminId,
  });
  if (!issued.ok) throw new Error("the report-card link was not issued");
  expect(await unlinkGuardian({ linkId: Number(link.id), actorId: adminId })).toMatchObject({ ok: true });
  removedGuardian = {
    parentCode: openCode(link.sealed)!,
    studentId: Number(link.student),
    phone: link.phone,
    token: issued.token,
  };
});

describe("two school years", () => {
  it("year 1 reads the same after it closes and year 2 runs and publishes a term", async () => {
    const before = await yearOneFacts();
    // The same PDF twice: its bytes differ only where PDFKit dates the file (CreationDate and the ID).
    const [a, b] = [
      await reportCardPdf(year1.terms[0], pdfStudent.id),
      await reportCardPdf(year1.terms[0], pdfStudent.id),
    ];
    expect(undated(a.bytes).equals(undated(b.bytes))).toBe(true);
    expect(a.text).toContain(pdfStudent.name);
    expect(before["cards of year 1's terms"]).not.toMatch(/^0:/);

    expect(await closeYear(year1.id, adminId)).toMatchObject({ ok: true });
    expect(await yearOneFacts()).toEqual(before);

    // Year 2: its own terms, the current year by the dates.
    const title2 = `${dayFromNow(-180).slice(0, 4)}–${dayFromNow(180).slice(0, 4)}`;
    const year2 = await insertYear(title2, dayFromNow(-180), dayFromNow(180), ["Fall", "Winter"], dayFromNow(-30));
    const [fall] = year2.terms;
    // Its classes, made by an admin (a new class is the current year's), taught by year 1's teachers.
    await signInAs(CODES.admin);
    const teacher = await teacherCodeOf(year1.classes[0]!);
    const teacherId = Number(
      (await one<{ id: number }>(sql`select teacher_id as id from levels where code = ${year1.classes[0]!}`)).id,
    );
    const codes = ["Y2-ALG", "Y2-BIO"];
    for (const code of codes)
      expect(await saveClass(idle, form({ code, name: `Year 2 ${code}`, period: "1", teacherId }))).toMatchObject({
        ok: true,
      });
    const yearIds = await queryRows<{ year_id: number }>(
      sql`select year_id from levels where code in ('Y2-ALG', 'Y2-BIO')`,
    );
    expect(yearIds.map((r) => Number(r.year_id))).toEqual([year2.id, year2.id]);
    // Year 1's students move up: enrolled, given work, graded and marked present by their teacher.
    const students = (
      await queryRows<{ id: number }>(
        sql`select student_id as id from student_enrollment where level_code = ${year1.classes[0]!} order by student_id limit 8`,
      )
    ).map((r) => Number(r.id));
    await signInAs(teacher);
    const fallDay = dayFromNow(-60);
    for (const code of codes) {
      expect(await enrollStudents({ levelCode: code, studentIds: students })).toMatchObject({ ok: true });
      expect(
        await createAssignment(
          idle,
          form({
            levelCode: code,
            title: "Fall test",
            description: "Year 2",
            maxScore: 20,
            dueDate: `${fallDay}T12:00:00Z`,
          }),
        ),
      ).toMatchObject({ ok: true });
      const assignment = Number(
        (await one<{ id: number }>(sql`select id from assignments where level_code = ${code} order by id desc limit 1`))
          .id,
      );
      for (const [i, studentId] of students.entries())
        expect(
          await saveGrade({ levelCode: code, assignmentId: assignment, studentId, score: String(10 + i) }),
        ).toMatchObject({
          ok: true,
        });
      expect(await addAttendanceDay({ levelCode: code, date: fallDay })).toMatchObject({ ok: true });
      expect(
        await markRollCall({ levelCode: code, studentId: students[0]!, date: dayFromNow(-59), status: "late" }),
      ).toMatchObject({ ok: true });
    }
    await publishTerms([fall.id]);
    const fallCards = await one<{ n: number }>(
      sql`select count(*)::int as n from term_grade_records where term_id = ${fall.id} and level_code in ('Y2-ALG', 'Y2-BIO')`,
    );
    expect(fallCards.n).toBe(students.length * codes.length);

    expect(await yearOneFacts()).toEqual(before);
  });

  it("a guardian whose link was removed during year 1 opens none of that student's records", async () => {
    const { parentCode, studentId, phone, token } = removedGuardian;
    await signInAs(parentCode);
    // The child page.
    const page = await reportCardPageAccess(String(studentId));
    expect(page && "refusal" in page ? page.refusal.status : "opened").toBe(404);
    // The child's report-card PDF.
    const pdf = await childPdfRoute(new Request(`http://localhost/children/${studentId}/pdf`), {
      params: Promise.resolve({ studentId: String(studentId) }),
    });
    expect(pdf.status).toBe(403);
    // The report-card link the school gave them before the link was removed.
    const linked = await linkPdfRoute(new Request(`http://localhost/r/${token}/pdf`), {
      params: Promise.resolve({ token }),
    });
    expect(linked.status).toBe(404);
    // The no-sign-in phone look-up (decision 004): in its default mode a number opens no card.
    const phoneCard = await parentReportRoute(
      new Request("http://localhost/api/parent/report", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phone, studentId }),
      }),
    );
    expect(phoneCard.status).toBe(403);
    expect(JSON.stringify(await phoneCard.json())).not.toMatch(/"classes"/);
  });
});
