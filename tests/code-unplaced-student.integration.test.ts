import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, regenerateCode } from "@/app/admin/actions";
import { POST as classCardsRoute } from "@/app/level/[levelCode]/cards/route";
import {
  createStudent,
  editStudent,
  enrollStudents,
  removeStudent,
  searchStudents,
} from "@/app/level/[levelCode]/update/class-roster-actions";
import { findUserByCode } from "@/lib/auth/sign-in";
import { db } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { users } from "@/lib/db/schema";
import { listRoster } from "@/lib/queries/roster";
import { seedDemo } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 39 item 4 (decision 019): a teacher who adds a student who was in no class (the spec lets
// her add any existing student) does not receive that student's access code, which the student
// already holds from the school office; before, "every class is hers" was true at once, and the
// teacher could read the code or press "new access code" and sign in as the student.

useTestDatabase();
beforeAll(seedDemo);

const ALG = "ALG1-P1"; // Elena Rivera's
const BIO = "BIO-P2"; // David Chen's
const RIVERA = DEMO_INSTRUCTORS[0].code;
const CHEN = DEMO_INSTRUCTORS[1].code;
const idle = { ok: true } as const;
const row = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;

async function cards(levelCode: string): Promise<string> {
  const res = await classCardsRoute(
    new Request(`http://localhost/level/${levelCode}/cards`, {
      method: "POST",
      headers: { origin: "http://localhost", host: "localhost", "content-type": "application/x-www-form-urlencoded" },
      body: "",
    }),
    { params: Promise.resolve({ levelCode }) },
  );
  expect(res.status).toBe(200);
  return res.text();
}

/** A student the office made, in no class, and the code the office handed her. */
async function unplacedStudent(name: string, username: string): Promise<{ id: number; code: string }> {
  await signInAs(DEMO_ADMIN.code);
  const made = await createUser(idle, form({ role: "student", name, username }));
  expect(made.ok).toBe(true);
  const code = made.ok ? made.data!.code : "";
  return { id: (await findUserByCode(code))!.id, code };
}

describe("a teacher adds a student who was in no class", () => {
  it("may add her, but cannot see, print or reset her code; an admin still can", async () => {
    const nadia = await unplacedStudent("Nadia Okafor", "nokafor");
    // An admin adding her keeps seeing every code: nothing to warn about.
    expect(await searchStudents(ALG, "Nadia")).toMatchObject({ ok: true, data: [{ id: nadia.id, inNoClass: false }] });
    const rivera = await signInAs(RIVERA);

    // The dialog's search says she is in no class before she is added.
    const found = await searchStudents(ALG, "Nadia");
    expect(found).toMatchObject({ ok: true, data: [{ id: nadia.id, enrolled: false, inNoClass: true }] });
    expect((await enrollStudents({ levelCode: ALG, studentIds: [nadia.id] })).ok).toBe(true);

    // Her classes are all Rivera's now, and still the code stays with admins.
    const roster = await listRoster(ALG, { id: rivera.id, role: "instructor" });
    expect(roster.find((s) => s.id === nadia.id)).toMatchObject({ code: null, codeAdminsOnly: true });
    const html = await cards(ALG);
    expect(html).toContain("Nadia Okafor");
    expect(html).not.toContain(nadia.code);

    const before = await row(nadia.id);
    const reset = await editStudent(
      idle,
      form({ levelCode: ALG, studentId: nadia.id, name: "Nadia Okafor", username: "nokafor", newCode: "on" }),
    );
    expect(reset).toEqual({
      ok: false,
      message:
        "Only an admin can see or reset this student's access code: the student also takes another teacher's class, or was in no class when you added them.",
    });
    const after = await row(nadia.id);
    expect([after.codeHash, after.sessionVersion]).toEqual([before.codeHash, before.sessionVersion]);
    expect(await findUserByCode(nadia.code)).toMatchObject({ id: nadia.id }); // the office's code still works

    // Taking her out and adding her again does not hand the code over either.
    await removeStudent({ levelCode: ALG, studentId: nadia.id });
    await enrollStudents({ levelCode: ALG, studentIds: [nadia.id] });
    expect((await listRoster(ALG, { id: rivera.id, role: "instructor" })).find((s) => s.id === nadia.id)).toMatchObject(
      { code: null, codeAdminsOnly: true },
    );

    // The admin gives out and resets her code as before.
    const admin = await signInAs(DEMO_ADMIN.code);
    expect((await listRoster(ALG, { id: admin.id, role: "admin" })).find((s) => s.id === nadia.id)).toMatchObject({
      code: nadia.code,
    });
    const byAdmin = await regenerateCode(nadia.id);
    expect(byAdmin.ok).toBe(true);
  });

  it("keeps the code only from the teacher who added her: a teacher an admin placed her with sees it", async () => {
    const omar = await unplacedStudent("Omar Haddad", "ohaddad");
    await signInAs(RIVERA);
    await enrollStudents({ levelCode: ALG, studentIds: [omar.id] });
    // The office moves him to David Chen's class.
    await signInAs(DEMO_ADMIN.code);
    expect((await enrollStudents({ levelCode: BIO, studentIds: [omar.id] })).ok).toBe(true);
    expect((await removeStudent({ levelCode: ALG, studentId: omar.id })).ok).toBe(true);
    const chen = await signInAs(CHEN);
    expect((await listRoster(BIO, { id: chen.id, role: "instructor" })).find((s) => s.id === omar.id)).toMatchObject({
      code: omar.code,
      codeAdminsOnly: false,
    });
  });

  it("leaves a teacher the code of the student she creates in her class, and of one an admin placed with her", async () => {
    const rivera = await signInAs(RIVERA);
    const created = await createStudent(idle, form({ levelCode: ALG, name: "Pia Lund", username: "plund" }));
    expect(created.ok).toBe(true);
    const pia = (await findUserByCode(created.ok ? created.data!.code! : ""))!.id;
    expect((await listRoster(ALG, { id: rivera.id, role: "instructor" })).find((s) => s.id === pia)).toMatchObject({
      code: created.ok ? created.data!.code : "",
      codeAdminsOnly: false,
    });

    const quinn = await unplacedStudent("Quinn Ade", "qade");
    await enrollStudents({ levelCode: ALG, studentIds: [quinn.id] }); // as the admin
    await signInAs(RIVERA);
    expect(await searchStudents(ALG, "Quinn")).toMatchObject({
      ok: true,
      data: [{ id: quinn.id, enrolled: true, inNoClass: false }],
    });
    expect((await listRoster(ALG, { id: rivera.id, role: "instructor" })).find((s) => s.id === quinn.id)).toMatchObject(
      { code: quinn.code, codeAdminsOnly: false },
    );
  });
});
