import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { enrollStudents, removeStudent } from "@/app/level/[levelCode]/update/class-roster-actions";
import { dbHandle, queryRows } from "@/lib/db/client";
import { DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { MSG } from "@/lib/domain/messages";
import { isEnrolled, seedDemo, userIdByCode } from "./support/fixtures";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 34: an enrollment change and its audit entry commit together. An admin reading /admin →
// Security must never miss a removal or a student taken from another teacher's class because the
// entry failed after the change was saved. Here the audit log refuses one kind of entry (a CHECK
// added to this file's own database), and the change it belongs to must not happen either.

useTestDatabase();

const RIVERA = DEMO_INSTRUCTORS[0].code; // Algebra I, Geometry
const ALG = "ALG1-P1";
let maya: number; // in Algebra I
let ava: number; // in Geometry (Rivera's) and Biology (Chen's), not in Algebra I

beforeAll(async () => {
  await seedDemo();
  maya = await userIdByCode(DEMO_STUDENTS[2]!.code);
  ava = await userIdByCode(DEMO_STUDENTS[0]!.code);
});

/** Runs `body` while the audit log refuses entries of one action. */
async function whileAuditRefuses(action: string, body: () => Promise<void>): Promise<void> {
  await dbHandle().ownerDb.execute(
    sql.raw(`alter table audit_log add constraint test_refuses check (action <> '${action}') not valid`),
  );
  try {
    await body();
  } finally {
    await dbHandle().ownerDb.execute(sql`alter table audit_log drop constraint test_refuses`);
  }
}

const entries = async (action: string) =>
  (await queryRows<{ n: number }>(sql`select count(*)::int as n from audit_log where action = ${action}`))[0]!.n;

describe("an enrollment change commits with its audit entry, or not at all", () => {
  it("removing a student whose audit entry fails leaves the student in the class", async () => {
    await signInAs(RIVERA);
    (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = true; // the failure is logged
    await whileAuditRefuses("enrollment.changed", async () => {
      expect(await removeStudent({ levelCode: ALG, studentId: maya })).toEqual({
        ok: false,
        message: MSG.genericError,
      });
    });
    expect(await isEnrolled(maya, ALG)).toBe(true);
  });

  it("adding a student from another teacher's class whose cross-class entry fails adds nobody", async () => {
    await signInAs(RIVERA);
    const changed = await entries("enrollment.changed");
    (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = true;
    await whileAuditRefuses("enrollment.cross_class", async () => {
      expect(await enrollStudents({ levelCode: ALG, studentIds: [ava] })).toEqual({
        ok: false,
        message: MSG.genericError,
      });
    });
    expect(await isEnrolled(ava, ALG)).toBe(false);
    expect(await entries("enrollment.changed")).toBe(changed);
  });

  it("with the audit log accepting again, both changes are made and audited", async () => {
    await signInAs(RIVERA);
    const cross = await entries("enrollment.cross_class");
    expect(await enrollStudents({ levelCode: ALG, studentIds: [ava] })).toMatchObject({ ok: true });
    expect(await isEnrolled(ava, ALG)).toBe(true);
    expect(await entries("enrollment.cross_class")).toBe(cross + 1);
    expect(await removeStudent({ levelCode: ALG, studentId: maya })).toMatchObject({ ok: true });
    expect(await isEnrolled(maya, ALG)).toBe(false);
  });
});
