import "server-only";
import { count, eq } from "drizzle-orm";
import { ATTENDANCE_STATUSES } from "@/lib/domain/constants";
import { addDays, dateInTimeZone, previousSchoolDays } from "@/lib/domain/dates";
import { seededRandom } from "@/lib/domain/random";
import { codeColumns, codeHash } from "@/lib/auth/code-store";
import type { Db } from "./client";
import { DEMO_ADMIN, DEMO_CLASSES, DEMO_INSTRUCTORS, DEMO_PARENTS, DEMO_STUDENTS } from "./demo-school";
import * as t from "./schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo's public codes are stored like every other code: hashed and sealed (decision 019). */
function sealed<T extends { code: string }>({ code, ...rest }: T): Omit<T, "code"> & ReturnType<typeof codeColumns> {
  return { ...rest, ...codeColumns(code) };
}

export async function hasAnyUser(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(t.users);
  return (row?.n ?? 0) > 0;
}

/**
 * Loads the demo school. Idempotent: if the demo admin already exists nothing is written.
 * Names and codes are fixed; dates are relative to `now` so "past due" and "upcoming" stay true.
 * Everything goes in one transaction: a half-loaded demo never exists.
 */
export async function seedDemoSchool(
  db: Db,
  opts: { now?: Date; timeZone?: string } = {},
): Promise<{ seeded: boolean }> {
  const now = opts.now ?? new Date();
  const timeZone = opts.timeZone ?? "UTC";
  const rand = seededRandom(20260901);

  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.codeHash, codeHash(DEMO_ADMIN.code)));
    if (existing.length > 0) return { seeded: false };

    const [admin] = await tx
      .insert(t.users)
      .values({ ...sealed(DEMO_ADMIN), role: "admin" })
      .returning({ id: t.users.id });
    const teachers = await tx
      .insert(t.users)
      .values(DEMO_INSTRUCTORS.map((i) => ({ ...sealed(i), role: "instructor" })))
      .returning({ id: t.users.id });
    await tx
      .insert(t.users)
      .values(DEMO_PARENTS.map(({ phone, ...p }) => ({ ...sealed(p), role: "parent", phoneNumber: phone })));
    const students = await tx
      .insert(t.users)
      .values(
        DEMO_STUDENTS.map(({ classes: _classes, ...s }) => ({ ...sealed(s), role: "student", phoneNumber: null })),
      )
      .returning({ id: t.users.id });
    if (!admin) throw new Error("seed: admin insert returned nothing");

    await tx.insert(t.levels).values(
      DEMO_CLASSES.map((c) => ({
        code: c.code,
        name: c.name,
        period: c.period,
        level: c.level,
        teacherId: teachers[c.teacher]!.id,
      })),
    );

    const categories = await tx
      .insert(t.gradeCategories)
      .values([{ name: "Homework" }, { name: "Quiz" }, { name: "Test" }, { name: "Project" }])
      .returning({ id: t.gradeCategories.id });

    const enrolledAt = new Date(now.getTime() - 40 * DAY_MS);
    const roster: Record<string, number[]> = Object.fromEntries(DEMO_CLASSES.map((c) => [c.code, []]));
    const enrollmentRows = DEMO_STUDENTS.flatMap((s, i) =>
      s.classes.map((c) => {
        const code = DEMO_CLASSES[c]!.code;
        roster[code]!.push(students[i]!.id);
        return { studentId: students[i]!.id, levelCode: code, enrolledAt: new Date(enrolledAt.getTime() + i * 60_000) };
      }),
    );
    await tx.insert(t.studentEnrollment).values(enrollmentRows);

    // Announcements, two or three per class, with a few student responses.
    const updateRows = DEMO_CLASSES.flatMap((c, ci) => {
      const teacherId = teachers[c.teacher]!.id;
      return [
        {
          levelCode: c.code,
          teacherId,
          title: `Welcome to ${c.name}`,
          content: `Welcome! Please bring a notebook and check this page every week for news about ${c.name}.`,
          createdAt: new Date(now.getTime() - 30 * DAY_MS),
        },
        {
          levelCode: c.code,
          teacherId,
          title: "Unit test next Friday",
          content:
            "The unit test covers everything since the start of term. Review your homework and bring questions on Wednesday.",
          createdAt: new Date(now.getTime() - (6 + ci) * DAY_MS),
        },
        ...(ci % 2 === 0
          ? [
              {
                levelCode: c.code,
                teacherId,
                title: "Field trip forms",
                content:
                  "Field trip permission forms are due back on Monday. Ask at the front office if you need a new copy.",
                createdAt: new Date(now.getTime() - 2 * DAY_MS),
              },
            ]
          : []),
      ];
    });
    const insertedUpdates = await tx
      .insert(t.updates)
      .values(updateRows)
      .returning({ id: t.updates.id, levelCode: t.updates.levelCode, createdAt: t.updates.createdAt });
    const responseRows = insertedUpdates.flatMap((u, ui) => {
      const members = roster[u.levelCode]!;
      const n = ui % 3; // 0, 1 or 2 responses
      return members.slice(0, n).map((studentId, k) => ({
        updateId: u.id,
        studentId,
        title: k === 0 ? "Question" : "Thanks",
        content: k === 0 ? "Will the test include the material from this week?" : "Thank you, I will be there.",
        createdAt: new Date(u.createdAt.getTime() + (k + 1) * 3_600_000),
      }));
    });
    if (responseRows.length) await tx.insert(t.responses).values(responseRows);

    // Assignments per class: two past due (graded), one upcoming, one with no due date.
    const assignmentRows = DEMO_CLASSES.flatMap((c) => {
      const teacherId = teachers[c.teacher]!.id;
      return [
        {
          levelCode: c.code,
          teacherId,
          title: "Chapter 1 exercises",
          description: "Complete **exercises 1–20** on page 14.\n\nShow your working for each answer.",
          maxScore: 10,
          dueDate: new Date(now.getTime() - 14 * DAY_MS),
          categoryId: categories[0]!.id,
          createdAt: new Date(now.getTime() - 21 * DAY_MS),
        },
        {
          levelCode: c.code,
          teacherId,
          title: "Quiz 1 reflection",
          description:
            "Write a short reflection on Quiz 1:\n\n- what went well\n- what you will review\n\nAt least three sentences.",
          maxScore: 20,
          dueDate: new Date(now.getTime() - 5 * DAY_MS),
          categoryId: categories[1]!.id,
          createdAt: new Date(now.getTime() - 12 * DAY_MS),
        },
        {
          levelCode: c.code,
          teacherId,
          title: "Project proposal",
          description:
            "Propose a topic for the term project in one paragraph. See the [project guide](https://example.org/guide) for ideas.",
          maxScore: 50,
          dueDate: new Date(now.getTime() + 7 * DAY_MS),
          categoryId: categories[3]!.id,
          createdAt: new Date(now.getTime() - 3 * DAY_MS),
        },
        {
          levelCode: c.code,
          teacherId,
          title: "Reading journal",
          description: "Keep a reading journal for the term. Submit an entry whenever you like.",
          maxScore: 10,
          dueDate: null,
          categoryId: null,
          createdAt: new Date(now.getTime() - 25 * DAY_MS),
        },
      ];
    });
    const insertedAssignments = await tx.insert(t.assignments).values(assignmentRows).returning({
      id: t.assignments.id,
      levelCode: t.assignments.levelCode,
      maxScore: t.assignments.maxScore,
      dueDate: t.assignments.dueDate,
    });

    const submissionRows: (typeof t.assignmentSubmissions.$inferInsert)[] = [];
    const gradeRows: (typeof t.grades.$inferInsert)[] = [];
    const feedback = [
      "Excellent work!",
      "Good effort — check question 7.",
      "Please show your working.",
      "Well organised.",
      null,
    ];
    for (const a of insertedAssignments) {
      const pastDue = a.dueDate !== null && a.dueDate.getTime() < now.getTime();
      for (const studentId of roster[a.levelCode]!) {
        const r = rand();
        if (!pastDue && a.dueDate !== null) {
          if (r < 0.3)
            submissionRows.push({
              assignmentId: a.id,
              studentId,
              content: "My proposal: a study of how local rivers changed over fifty years.",
              submittedAt: new Date(now.getTime() - DAY_MS),
            });
          continue;
        }
        if (a.dueDate === null) {
          if (r < 0.4)
            submissionRows.push({
              assignmentId: a.id,
              studentId,
              content: "Journal entry: this week I read two chapters and took notes.",
              submittedAt: new Date(now.getTime() - 3 * DAY_MS),
            });
          continue;
        }
        if (r < 0.1) continue; // missing work: no submission, no grade
        const submittedAt = new Date(a.dueDate.getTime() - DAY_MS);
        submissionRows.push({
          assignmentId: a.id,
          studentId,
          content: "Here is my completed work for this assignment, with all steps shown.",
          submittedAt,
        });
        if (r > 0.8) {
          submissionRows.push({
            assignmentId: a.id,
            studentId,
            content: "Resubmitted with corrections to the questions I got wrong.",
            submittedAt: new Date(submittedAt.getTime() + 12 * 3_600_000),
          });
        }
        const pct = 0.45 + rand() * 0.55;
        gradeRows.push({
          assignmentId: a.id,
          studentId,
          score: Math.round(a.maxScore * pct * 2) / 2,
          feedback: feedback[Math.floor(rand() * feedback.length)] ?? null,
          gradedAt: new Date(a.dueDate.getTime() + 2 * DAY_MS),
        });
      }
    }
    if (submissionRows.length) await tx.insert(t.assignmentSubmissions).values(submissionRows);
    if (gradeRows.length) await tx.insert(t.grades).values(gradeRows);

    // About 20 school days of attendance with every status in use.
    const today = dateInTimeZone(now, timeZone);
    const days = previousSchoolDays(addDays(today, 0), 20);
    const attendanceRows: (typeof t.attendance.$inferInsert)[] = [];
    for (const c of DEMO_CLASSES) {
      for (const studentId of roster[c.code]!) {
        for (const day of days) {
          const r = rand();
          const status =
            r < 0.82
              ? ATTENDANCE_STATUSES[0]
              : r < 0.89
                ? ATTENDANCE_STATUSES[2]
                : r < 0.95
                  ? ATTENDANCE_STATUSES[1]
                  : ATTENDANCE_STATUSES[3];
          attendanceRows.push({ studentId, levelCode: c.code, date: day, status });
        }
      }
    }
    await tx.insert(t.attendance).values(attendanceRows);
    return { seeded: true };
  });
}
