import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as transcriptRoute } from "@/app/records/[studentId]/transcript.pdf/route";
import { recordPageAccess } from "@/lib/auth/page-access";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_PARENTS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { readStoredCards } from "@/lib/gradebook/stored-cards";
import { reportCardFor } from "@/lib/parent/portal";
import { listClassesWithStats, type ClassYearFilter } from "@/lib/queries/admin";
import { yearsNow } from "@/lib/queries/school-years";
import { listHomeClasses } from "@/lib/queries/levels";
import { getStudentRecord, hasPastYears, listPastClasses } from "@/lib/queries/records";
import { listTeachableClasses } from "@/lib/queries/teacher";
import { renderTranscriptPdf } from "@/lib/records/transcript-pdf";
import { userIdByCode } from "./support/fixtures";
import { seedDemo } from "./support/fixtures";
import { LEFT_STUDENT, PAST, seedPastYear, type PastYearSchool } from "./support/past-year";
import { pdfText } from "./support/pdf";
import { requestHeaders } from "./support/request-context";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 41, what people see of past years: a student's record of every year (the student, admins
// and linked guardians only), its cards exactly as stored, the transcript, and which lists show
// the current year only while "Past years" shows the rest.

useTestDatabase();
let school: PastYearSchool;

beforeAll(async () => {
  await seedDemo();
  school = await seedPastYear();
});

const codesOf = (rows: readonly { code: string }[]) => rows.map((r) => r.code);
const allowed = (r: unknown) => typeof r === "object" && r !== null && "record" in r;
const refusalOf = (r: unknown) =>
  typeof r === "object" && r !== null && "refusal" in r ? (r as { refusal: { status: number } }).refusal.status : null;
const transcript = (id: number | string) =>
  transcriptRoute(new Request(`http://portal.test/records/${id}/transcript.pdf`), {
    params: Promise.resolve({ studentId: String(id) }),
  });

describe("who may read a student's record", () => {
  it("the student themself, an admin and a linked guardian read it; the page and the transcript agree", async () => {
    for (const code of [DEMO_STUDENTS[0]!.code, DEMO_ADMIN.code, DEMO_PARENTS[0].code]) {
      await signInAs(code);
      expect(allowed(await recordPageAccess(String(school.ava))), code).toBe(true);
      const res = await transcript(school.ava);
      expect(res.status, code).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(pdfText(Buffer.from(await res.arrayBuffer()))).toContain(PAST.name);
    }
  });

  it("another student, the class's own teacher, an unlinked parent and a parent whose link ended get 404", async () => {
    // Grace Johnson's link to Liam (student 2) ends; her link to Ava stays.
    const liam = await userIdByCode(DEMO_STUDENTS[1]!.code);
    await queryRows(
      sql`update guardian_links set removed_at = now() where student_id = ${liam} and parent_id = (select id from users where username = ${DEMO_PARENTS[0].username})`,
    );
    const cases: [string, number][] = [
      [DEMO_STUDENTS[1]!.code, school.ava], // another student
      [DEMO_INSTRUCTORS[0].code, school.ava], // Elena Rivera taught Ava's Pre-Algebra: still not the whole record
      [DEMO_PARENTS[1].code, school.ava], // Ken Kim is not Ava's guardian
      [DEMO_PARENTS[0].code, liam], // Grace's link to Liam has ended
      [DEMO_ADMIN.code, 999_999], // no such student
    ];
    for (const [code, id] of cases) {
      await signInAs(code);
      expect(refusalOf(await recordPageAccess(String(id))), `${code} → ${id}`).toBe(404);
      const res = await transcript(id);
      expect(res.status, `${code} → ${id}`).toBe(404);
      expect(await res.text()).toBe("You can only see your own record or the records of your own children.");
    }
    await signInAs(DEMO_ADMIN.code);
    expect(refusalOf(await recordPageAccess("abc"))).toBe(404);
  });
});

describe("the record of every year", () => {
  it("lists last year's class with its published card exactly as stored, and the year's attendance", async () => {
    const record = (await getStudentRecord(school.ava))!;
    const titles = record.years.map((y) => y.title);
    // Newest first: this year's classes, then last year's.
    expect(titles).toEqual(["2025–2026", PAST.title]);
    const last = record.years[1]!;
    expect(last.closed).toBe(true);
    expect(last.classes.map((c) => c.code)).toEqual([PAST.code]);
    const stored = (await readStoredCards(school.term, PAST.code)).get(school.ava)!;
    expect(stored.percent).toBe(85); // 17 of 20
    expect(last.classes[0]!.cards).toEqual([{ termId: school.term, termTitle: PAST.term, card: stored }]);
    expect(last.attendance).toEqual({ present: 3, absent: 1, late: 0, excused: 0 });
    expect(last.attendancePercent).toBe(75);
    // This year's classes carry no card of last year's term (publishing stored lines for every class).
    expect(record.years[0]!.classes.every((c) => c.cards.length === 0)).toBe(true);
  });

  it("reads the card as stored, never recomputed", async () => {
    await queryRows(
      sql`update term_grade_records set letter = 'Z', comment = 'As printed' where term_id = ${school.term} and student_id = ${school.ava} and level_code = ${PAST.code}`,
    );
    const card = (await getStudentRecord(school.ava))!.years[1]!.classes[0]!.cards[0]!.card;
    expect([card.letter, card.comment, card.percent]).toEqual(["Z", "As printed", 85]);
  });

  it("is kept for a student who has left (in no current class)", async () => {
    const record = (await getStudentRecord(school.left))!;
    expect(record.student.name).toBe(LEFT_STUDENT.name);
    expect(record.years).toHaveLength(1);
    expect(record.years[0]!.classes[0]!.cards[0]!.card.percent).toBe(55);
    expect(record.years[0]!.attendance).toEqual({ present: 2, absent: 0, late: 1, excused: 1 });
    await signInAs(LEFT_STUDENT.code);
    expect(allowed(await recordPageAccess(String(school.left)))).toBe(true);
  });

  it("prints every year on the transcript, in the reader's language", async () => {
    const english = pdfText(Buffer.from(await renderTranscriptPdf(school.ava, "en")));
    expect(english).toContain("Transcript");
    expect(english).toContain(DEMO_STUDENTS[0]!.name);
    expect(english).toContain(PAST.title);
    expect(english).toContain(PAST.name);
    expect(english).toMatch(new RegExp(`${PAST.term}\\s+Z\\s+85%`));
    expect(english).toContain("“As printed”");
    expect(english).toContain("2025–2026 (current year)");
    const spanish = pdfText(Buffer.from(await renderTranscriptPdf(school.ava, "es")));
    expect(spanish).toContain("Certificado de estudios");
    expect(spanish).toMatch(/Z\s+85 %/);
    expect(spanish).toContain("Asistencia 75,0 %");
  });
});

describe("the current year's lists and Past years", () => {
  it("home, /teacher and the admin's class list show this year's classes; Past years shows last year's", async () => {
    const rivera = { id: await userIdByCode(DEMO_INSTRUCTORS[0].code), role: "instructor" };
    const chen = { id: await userIdByCode(DEMO_INSTRUCTORS[1].code), role: "instructor" };
    const ava = { id: school.ava, role: "student" };
    expect(codesOf((await listHomeClasses(ava)).rows)).not.toContain(PAST.code);
    expect(codesOf((await listHomeClasses(rivera)).rows)).not.toContain(PAST.code);
    expect(codesOf(await listTeachableClasses(rivera))).not.toContain(PAST.code);
    expect(codesOf(await listTeachableClasses({ id: school.admin, role: "admin" }))).not.toContain(PAST.code);
    const { current } = await yearsNow();
    expect(current?.id).toBe(school.currentYear);
    const adminList = async (show: ClassYearFilter) => codesOf((await listClassesWithStats(1, 25, show)).rows);
    expect(await adminList({ current, show: "current" })).toHaveLength(4);
    expect(await adminList({ current, show: "current" })).not.toContain(PAST.code);
    expect(await adminList({ current, show: "year", id: school.currentYear })).toHaveLength(4);
    expect(await adminList({ current, show: "year", id: school.pastYear })).toEqual([PAST.code]);
    expect(await adminList({ current, show: "all" })).toContain(PAST.code);

    expect(codesOf((await listPastClasses({ student: school.ava })).rows)).toEqual([PAST.code]);
    expect(codesOf((await listPastClasses({ student: school.left })).rows)).toEqual([PAST.code]);
    expect(codesOf((await listPastClasses({ teacher: rivera.id })).rows)).toEqual([PAST.code]);
    expect((await listPastClasses({ teacher: chen.id })).rows).toEqual([]);
    expect((await listPastClasses("all")).rows.map((r) => [r.code, r.yearTitle])).toEqual([[PAST.code, PAST.title]]);
    const liam = await userIdByCode(DEMO_STUDENTS[1]!.code);
    expect((await listPastClasses({ student: liam })).rows).toEqual([]);
  });

  it("links Past years from home only for those who have something there", async () => {
    const id = (code: string) => userIdByCode(code);
    expect(await hasPastYears({ id: school.ava, role: "student" })).toBe(true);
    expect(await hasPastYears({ id: await id(DEMO_STUDENTS[4]!.code), role: "student" })).toBe(false);
    expect(await hasPastYears({ id: await id(DEMO_INSTRUCTORS[0].code), role: "instructor" })).toBe(true);
    expect(await hasPastYears({ id: await id(DEMO_INSTRUCTORS[1].code), role: "instructor" })).toBe(false);
    expect(await hasPastYears({ id: school.admin, role: "admin" })).toBe(true);
    expect(await hasPastYears({ id: await id(DEMO_PARENTS[0].code), role: "parent" })).toBe(true); // Ava's
    expect(await hasPastYears({ id: await id(DEMO_PARENTS[2].code), role: "parent" })).toBe(false); // Rosa: student 5
  });

  it("the parent's child page lists this year's classes only", async () => {
    requestHeaders.delete("accept-language");
    const card = (await reportCardFor(school.ava, "en"))!;
    expect(card.classes.map((c) => c.code)).not.toContain(PAST.code);
    expect(card.classes.length).toBeGreaterThan(0);
  });
});
