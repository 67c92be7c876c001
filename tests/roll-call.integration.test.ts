import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { markRollCall, setAttendance } from "@/app/level/[levelCode]/update/attendance-actions";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { attendance, auditLog } from "@/lib/db/schema";
import { countQueries } from "@/lib/db/query-stats";
import { getAttendanceGrid } from "@/lib/queries/attendance";
import { getRollCall } from "@/lib/queries/roll-call";
import { createClassOfSize, seedDemo } from "./support/fixtures";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Roll call (issue 21): one class, one day, in one statement; the first mark adds the day.
// Refusals for every other caller are in tests/authorization-matrix.integration.test.ts.

useTestDatabase();

const TODAY = "2031-03-10"; // a Monday; the classes' generated records end in January 2026
let small: number[];
let large: number[];

beforeAll(async () => {
  await seedDemo();
  small = (await createClassOfSize("R30", 30, 0, 3)).studentIds;
  large = (await createClassOfSize("R300", 300, 0, 3)).studentIds;
});

// Each test starts signed out (tests/support/setup.ts).
beforeEach(async () => void (await signInAs(DEMO_ADMIN.code)));

const recordsOn = async (code: string, day: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        sql`select count(*)::int as n from attendance where level_code = ${code} and date = ${day}::date`,
      )
    )[0]!.n,
  );

/** The roll call's letter for each student id. */
async function lettersById(code: string, day: string): Promise<Map<number, string>> {
  const view = await getRollCall({ levelCode: code, day, today: TODAY });
  return new Map(view.students.map((s, i) => [s.id, view.marks[i]!]));
}

describe("the roll call query", () => {
  it("is one statement for a class of 30 and of 300, with names and one letter per student", async () => {
    const s = await countQueries(() => getRollCall({ levelCode: "R30", day: "2026-01-02", today: TODAY }));
    const l = await countQueries(() => getRollCall({ levelCode: "R300", day: "2026-01-02", today: TODAY }));
    expect(s.count).toBe(1);
    expect(l.count).toBe(1);
    expect(s.result.students).toHaveLength(30);
    expect(l.result.students).toHaveLength(300);
    expect(s.result.marks).toBe("P".repeat(30));
    expect(s.result.taken).toBe(true);
    // Names and ids only: no access codes or usernames travel to the browser.
    expect(Object.keys(s.result.students[0]!).sort()).toEqual(["id", "name"]);
    const empty = await getRollCall({ levelCode: "R30", day: "2031-03-03", today: TODAY });
    expect(empty).toMatchObject({ day: "2031-03-03", today: TODAY, taken: false, marks: "-".repeat(30) });
    console.log(
      `roll call: ${s.count} statement for 30 and for 300 students (plus the session and class checks of every dashboard page)`,
    );
  });

  it("lists the roster only, in name order, and counts a left student's record as the day taken", async () => {
    const [first] = await createClassOfSize("R3", 3, 0, 0).then((r) => r.studentIds);
    await setAttendance({ levelCode: "R3", studentId: first!, date: "2031-03-04", status: "late" });
    await db().execute(sql`delete from student_enrollment where level_code = 'R3' and student_id = ${first!}`);
    const view = await getRollCall({ levelCode: "R3", day: "2031-03-04", today: TODAY });
    expect(view.students.map((s) => s.name)).toEqual(["SR3-1", "SR3-2"]);
    expect(view).toMatchObject({ taken: true, marks: "--" });
  });
});

describe("markRollCall", () => {
  it("adds the day on the first mark: everyone present, then this student's status", async () => {
    const day = "2031-03-05";
    expect(await recordsOn("R30", day)).toBe(0);
    const target = small[7]!;
    const res = await markRollCall({ levelCode: "R30", studentId: target, date: day, status: "absent" });
    expect(res).toMatchObject({ ok: true, data: { added: 30 } });
    expect(res.message).toMatch(new RegExp(`^Attendance added for ${day}\\. Attendance updated for SR30-7$`));
    expect(await recordsOn("R30", day)).toBe(30);
    const letters = await lettersById("R30", day);
    expect([...letters.entries()].filter(([, l]) => l !== "P")).toEqual([[target, "A"]]);
    // Audited: the day and the change, in the same transaction as the write.
    const entries = await db()
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, "attendance.changed"), eq(auditLog.levelCode, "R30")));
    expect(entries.map((e) => e.detail)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ date: day, added: 30 }),
        expect.objectContaining({ studentId: target, date: day, old: "present", new: "absent" }),
      ]),
    );
  });

  it("P on a day with no records is everyone present in one action", async () => {
    const day = "2031-03-06";
    const res = await markRollCall({ levelCode: "R300", studentId: large[0]!, date: day, status: "present" });
    expect(res).toMatchObject({ ok: true, message: `Attendance added for ${day}`, data: { added: 300 } });
    expect([...(await lettersById("R300", day)).values()].join("")).toBe("P".repeat(300));
  });

  it("issues the same number of statements for 30 and 300 students, adding the day or not", async () => {
    const counts: number[] = [];
    for (const [code, ids] of [
      ["R30", small],
      ["R300", large],
    ] as const) {
      const create = await countQueries(() =>
        markRollCall({ levelCode: code, studentId: ids[1]!, date: "2031-03-07", status: "late" }),
      );
      const change = await countQueries(() =>
        markRollCall({ levelCode: code, studentId: ids[2]!, date: "2031-03-07", status: "excused" }),
      );
      expect(create.result.ok && change.result.ok).toBe(true);
      counts.push(create.count, change.count);
    }
    expect(counts[2]).toBe(counts[0]);
    expect(counts[3]).toBe(counts[1]);
    console.log(
      `markRollCall statements (30 and 300 alike): ${counts[0]} for the first mark of a day, ${counts[1]} for a later one`,
    );
  });

  it("round-trips every status, and the grid reads the same marks", async () => {
    const day = "2031-03-11";
    const statuses = ["present", "absent", "late", "excused", "late", "present"] as const;
    for (const [i, status] of statuses.entries()) {
      const res = await markRollCall({ levelCode: "R30", studentId: small[i]!, date: day, status });
      expect(res.ok, res.message).toBe(true);
      expect(res).toMatchObject({ data: { added: i === 0 ? 30 : 0 } });
      if (i > 0 && status !== "present") expect(res.message).toBe(`Attendance updated for SR30-${i}`);
    }
    // The same student changed again, and again: the last one wins.
    await markRollCall({ levelCode: "R30", studentId: small[3]!, date: day, status: "absent" });
    await markRollCall({ levelCode: "R30", studentId: small[3]!, date: day, status: "excused" });
    const letters = await lettersById("R30", day);
    expect(statuses.map((_, i) => letters.get(small[i]!))).toEqual(["P", "A", "L", "E", "L", "P"]);
    expect(await recordsOn("R30", day)).toBe(30);
    const grid = await getAttendanceGrid("R30");
    const col = grid.dates.indexOf(day);
    expect(statuses.map((_, i) => grid.marks[grid.students.findIndex((s) => s.id === small[i])]![col])).toEqual([
      "P",
      "A",
      "L",
      "E",
      "L",
      "P",
    ]);
  });

  it("never adds the day when it already has a record: the rest stay unmarked", async () => {
    const day = "2031-03-12";
    await setAttendance({ levelCode: "R30", studentId: small[0]!, date: day, status: "late" });
    const res = await markRollCall({ levelCode: "R30", studentId: small[1]!, date: day, status: "absent" });
    expect(res).toMatchObject({ ok: true, message: "Attendance updated for SR30-1", data: { added: 0 } });
    expect(await recordsOn("R30", day)).toBe(2);
    const view = await getRollCall({ levelCode: "R30", day, today: TODAY });
    expect(view.marks.replaceAll("-", "")).toHaveLength(2);
  });

  it("two tabs marking an empty day at once keep both marks and add the day once", async () => {
    const day = "2031-03-13";
    const [a, b] = await Promise.all([
      markRollCall({ levelCode: "R30", studentId: small[4]!, date: day, status: "absent" }),
      markRollCall({ levelCode: "R30", studentId: small[5]!, date: day, status: "late" }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect(await recordsOn("R30", day)).toBe(30);
    const letters = await lettersById("R30", day);
    expect([letters.get(small[4]!), letters.get(small[5]!)]).toEqual(["A", "L"]);
    expect([...letters.values()].filter((l) => l === "P")).toHaveLength(28);
  });

  it("refuses a student of another class, a bad day and a bad status, changing nothing", async () => {
    await signInAs(DEMO_INSTRUCTORS[0].code); // teaches ALG1-P1, not R30
    expect(
      await markRollCall({ levelCode: "R30", studentId: small[0]!, date: "2031-03-14", status: "absent" }),
    ).toMatchObject({ ok: false });
    await signInAs(DEMO_ADMIN.code);
    const before = await db().$count(attendance);
    for (const input of [
      { studentId: large[0]!, date: "2031-03-14", status: "absent" },
      { studentId: small[0]!, date: "2031-02-30", status: "absent" },
      { studentId: small[0]!, date: "2031-03-14", status: "" },
      { studentId: small[0]!, date: "2031-03-14", status: "asleep" },
    ]) {
      const res = await markRollCall({ levelCode: "R30", ...input });
      expect(res.ok, JSON.stringify(input)).toBe(false);
    }
    expect(
      await markRollCall({ levelCode: "R30", studentId: large[0]!, date: "2031-03-14", status: "absent" }),
    ).toMatchObject({ message: "That student is not enrolled in this class." });
    expect(await db().$count(attendance)).toBe(before);
  });
});
