import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { regenerateCode } from "@/app/admin/actions";
import { settlePendingLinkAction } from "@/app/admin/guardian-actions";
import { POST as classCardsRoute } from "@/app/level/[levelCode]/cards/route";
import { editStudent, enrollStudents } from "@/app/level/[levelCode]/update/class-roster-actions";
import { checkCodeKey, CodeKeyError, codeHash } from "@/lib/auth/code-store";
import { findUserByCode } from "@/lib/auth/sign-in";
import { backupPglite } from "@/lib/db/backup";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_PARENTS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { prepareDatabase } from "@/lib/db/startup";
import { users } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { isLinkedGuardian } from "@/lib/parent/guardians";
import { listPendingLinks } from "@/lib/parent/pending-links";
import { listWeakCodes } from "@/lib/queries/admin";
import { listCrossClassEnrollments } from "@/lib/queries/cross-class-enrollments";
import { listRoster } from "@/lib/queries/roster";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 28, items 1 and 4 (decision 019): no teacher becomes a student, no database read or backup
// signs anyone in. Each block is the attack that worked before.

const db_ = useTestDatabase();
beforeAll(seedDemo);

const ALG = "ALG1-P1"; // Elena Rivera's (GEO-P3 too); David Chen teaches BIO-P2 and HIST-P4.
const RIVERA = DEMO_INSTRUCTORS[0].code;
const LIAM = DEMO_STUDENTS[1]!; // stu-02: Biology and World History, both Chen's
const ONLY_RIVERA = DEMO_STUDENTS[3]!; // stu-04: Algebra and Geometry, both Rivera's
const idle = { ok: true } as const;

const studentForm = (levelCode: string, studentId: number, fields: Record<string, string | undefined>) =>
  form({ levelCode, studentId, ...fields });
const row = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const activeLink = (parentId: number, studentId: number) => isLinkedGuardian(parentId, studentId);

describe("item 1 · an instructor cannot take over a student of another teacher", () => {
  it("enrolls another teacher's student (shown to admins) but cannot see, print or reset their code", async () => {
    const liam = await userIdByCode(LIAM.code);
    const rivera = await signInAs(RIVERA);
    const enrolled = await enrollStudents({ levelCode: ALG, studentIds: [liam] });
    expect(enrolled.ok).toBe(true); // allowed by the spec

    const before = await row(liam);
    const res = await editStudent(
      idle,
      studentForm(ALG, liam, { name: LIAM.name, username: LIAM.username, email: LIAM.email, newCode: "on" }),
    );
    expect(res).toEqual({
      ok: false,
      message:
        "Only an admin can see or reset this student's access code: the student also takes another teacher's class, or was in no class when you added them.",
    });
    const after = await row(liam);
    expect(after.codeHash).toBe(before.codeHash);
    expect(after.sessionVersion).toBe(before.sessionVersion);
    expect(await findUserByCode(LIAM.code)).toMatchObject({ id: liam }); // Liam's own code still works

    // The Students tab: no code for Liam, and it says why; Rivera's own student keeps the badge.
    const roster = await listRoster(ALG, { id: rivera.id, role: "instructor" });
    expect(roster.find((s) => s.id === liam)).toMatchObject({ code: null, codeAdminsOnly: true });
    expect(roster.find((s) => s.username === ONLY_RIVERA.username)).toMatchObject({
      code: ONLY_RIVERA.code,
      codeAdminsOnly: false,
    });

    // The printed cards: no code for Liam either.
    const cards = await classCardsRoute(
      new Request(`http://localhost/level/${ALG}/cards`, {
        method: "POST",
        headers: { origin: "http://localhost", host: "localhost", "content-type": "application/x-www-form-urlencoded" },
        body: "",
      }),
      { params: Promise.resolve({ levelCode: ALG }) },
    );
    const html = await cards.text();
    expect(cards.status).toBe(200);
    expect(html).toContain(LIAM.name);
    expect(html).not.toContain(LIAM.code);
    expect(html).toContain(ONLY_RIVERA.code);

    // /admin → Security names the enrollment and Liam's other classes.
    const crossing = await listCrossClassEnrollments();
    expect(crossing.find((c) => c.studentId === liam)).toMatchObject({
      actorName: DEMO_INSTRUCTORS[0].name,
      levelCode: ALG,
      classes: "BIO-P2, HIST-P4",
    });
  });

  it("still lets an instructor reset the code of a student whose every class is theirs, and admins anyone's", async () => {
    const own = await userIdByCode(ONLY_RIVERA.code);
    await signInAs(RIVERA);
    const res = await editStudent(
      idle,
      studentForm(ALG, own, { name: ONLY_RIVERA.name, username: ONLY_RIVERA.username, newCode: "on" }),
    );
    expect(res.ok).toBe(true);
    const fresh = res.ok ? res.data!.code! : "";
    expect(await findUserByCode(fresh.toUpperCase())).toMatchObject({ id: own });
    expect(await findUserByCode(ONLY_RIVERA.code)).toBeNull();

    const liam = await userIdByCode(LIAM.code);
    await signInAs(DEMO_ADMIN.code);
    const byAdmin = await regenerateCode(liam);
    expect(byAdmin.ok).toBe(true);
    expect(await findUserByCode(byAdmin.ok ? byAdmin.data!.code : "")).toMatchObject({ id: liam });
  });

  it("files a parent number a teacher typed as a pending link: the parent reads nothing until an admin confirms", async () => {
    const student = DEMO_STUDENTS[7]!; // stu-08, Rivera's only
    const id = await userIdByCode(student.code);
    const rosa = await userIdByCode(DEMO_PARENTS[2].code);
    expect(await activeLink(rosa, id)).toBe(false);
    await signInAs(RIVERA);
    const res = await editStudent(
      idle,
      studentForm(ALG, id, {
        name: student.name,
        username: student.username,
        email: student.email,
        phoneNumber: "",
        parent1Number: student.parent1Number ?? "",
        parent2Number: "555 201 0003", // Rosa Garcia's phone
      }),
    );
    expect(res.ok).toBe(true);
    expect(await activeLink(rosa, id)).toBe(false);
    const pending = (await listPendingLinks()).find((p) => p.parentId === rosa && p.studentId === id);
    expect(pending).toBeDefined();

    // Another write to Rosa's row (an admin's form, an import) does not link the pending pair either.
    await db().execute(sql`update users set phone_number = '555.201.0003' where id = ${rosa}`);
    expect(await activeLink(rosa, id)).toBe(false);

    // Only an admin confirms; the confirmation makes the link.
    const refused = await settlePendingLinkAction(idle, form({ pendingId: pending!.id, decision: "confirm" }));
    expect(refused.ok).toBe(false);
    await signInAs(DEMO_ADMIN.code);
    const done = await settlePendingLinkAction(idle, form({ pendingId: pending!.id, decision: "confirm" }));
    expect(done.ok).toBe(true);
    expect(await activeLink(rosa, id)).toBe(true);
    expect(await listPendingLinks()).toEqual([]);
  });

  it("keeps a dismissed pending link unlinked while the numbers still match", async () => {
    const student = DEMO_STUDENTS[11]!; // stu-12, Rivera's only
    const id = await userIdByCode(student.code);
    const grace = await userIdByCode(DEMO_PARENTS[0].code);
    await signInAs(RIVERA);
    expect(
      (
        await editStudent(
          idle,
          studentForm(ALG, id, {
            name: student.name,
            username: student.username,
            parent1Number: "555-201-0001", // Grace Johnson's phone
            parent2Number: student.parent2Number ?? "",
          }),
        )
      ).ok,
    ).toBe(true);
    const [pending] = await listPendingLinks();
    expect(pending).toMatchObject({ parentId: grace, studentId: id });
    await signInAs(DEMO_ADMIN.code);
    expect((await settlePendingLinkAction(idle, form({ pendingId: pending!.id, decision: "dismiss" }))).ok).toBe(true);
    await db().execute(sql`update users set phone_number = '(555) 201-0001' where id = ${grace}`);
    await db().execute(sql`update users set parent2_number = '555-999-1212' where id = ${id}`);
    expect(await activeLink(grace, id)).toBe(false);
  });

  it("keeps the parent numbers and e-mail a teacher's edit form leaves out", async () => {
    const student = DEMO_STUDENTS[15]!; // stu-16, Rivera's only
    const id = await userIdByCode(student.code);
    const before = await row(id);
    expect(before.parent1Number).not.toBeNull();
    await signInAs(RIVERA);
    const res = await editStudent(idle, studentForm(ALG, id, { name: "Renamed Student", username: student.username }));
    expect(res.ok).toBe(true);
    expect(await row(id)).toMatchObject({
      name: "Renamed Student",
      email: before.email,
      phoneNumber: before.phoneNumber,
      parent1Number: before.parent1Number,
      parent2Number: before.parent2Number,
    });
  });
});

describe("item 4 · access codes at rest", () => {
  const demoCodes = [
    DEMO_ADMIN.code,
    ...DEMO_INSTRUCTORS.map((i) => i.code),
    ...DEMO_PARENTS.map((p) => p.code),
    ...DEMO_STUDENTS.map((s) => s.code),
  ];

  it("keeps no readable code in the users table, and still signs in by code in any case", async () => {
    const dump = JSON.stringify(await queryRows(sql`select * from users`));
    for (const code of demoCodes) expect(dump, code).not.toContain(`"${code}"`);
    expect(dump).not.toMatch(/teach-rivera|admin-demo|parent-kim/);
    expect(await findUserByCode("  ADMIN-Demo ")).toMatchObject({ id: await userIdByCode(DEMO_ADMIN.code) });
  });

  it("puts no readable code in a backup", async () => {
    const handle = db_.handle();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-codes-"));
    try {
      let bytes: Buffer;
      if (handle.pglite) {
        const file = path.join(dir, "backup.tar.gz");
        await backupPglite(handle, file);
        bytes = zlib.gunzipSync(fs.readFileSync(file));
      } else {
        // The same data as `npm run db:backup`, in plain SQL so the test can read it.
        const res = spawnSync("pg_dump", ["--format=plain", handle.connectionString!], { maxBuffer: 1 << 28 });
        expect(res.status).toBe(0);
        bytes = res.stdout;
      }
      const text = bytes.toString("latin1");
      expect(text).toContain("Elena Rivera"); // the backup has the people…
      for (const code of ["admin-demo", "teach-rivera", "teach-chen", "parent-johnson", "stu-01"])
        expect(text.includes(code), code).toBe(false); // …and none of their codes
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("seals a school's plaintext codes at the first start, weak ones flagged for regeneration", async () => {
    // A school upgrading: its codes are still in the old column.
    const [old] = await queryRows<{ id: number }>(sql`
      insert into users (name, username, role, code) values ('Old Timer', 'old.timer', 'instructor', 'oldcode7') returning id`);
    await prepareDatabase();
    const u = await row(Number(old!.id));
    expect(u).toMatchObject({ unsealedCode: null, codeHash: codeHash("oldcode7"), codeWeak: true });
    expect(u.codeSealed).not.toContain("oldcode7");
    expect(await findUserByCode("OLDCODE7")).toMatchObject({ id: Number(old!.id) });
    expect((await listWeakCodes()).rows.map((r) => r.username)).toContain("old.timer");
  });

  it("stops the start when the key that sealed the codes is gone", async () => {
    process.env.CODE_KEY = "a-different-key-than-the-one-that-sealed-these-codes";
    resetEnvCache();
    try {
      await expect(checkCodeKey(db())).rejects.toBeInstanceOf(CodeKeyError);
      expect(await findUserByCode(DEMO_ADMIN.code)).toBeNull();
    } finally {
      delete process.env.CODE_KEY;
      resetEnvCache();
    }
    expect(await findUserByCode(DEMO_ADMIN.code)).not.toBeNull();
  });
});
