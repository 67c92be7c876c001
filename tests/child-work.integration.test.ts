import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitAssignment } from "@/app/level/[levelCode]/actions";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { assignments, guardianLinks } from "@/lib/db/schema";
import { countQueries } from "@/lib/db/query-stats";
import { resetEnvCache } from "@/lib/env";
import { setFileStorage } from "@/lib/files/index";
import { unlinkGuardian } from "@/lib/parent/guardians";
import { CHILD_WORK_MAX_SUBMISSIONS, listChildSubmittedWork } from "@/lib/queries/child-work";
import { firstAssignmentOf, seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { downloadFile, uploadFile } from "./support/upload";
import { useTestDatabase } from "./support/test-db";

// A guardian's child page lists the child's submitted work with its files (issue 39 item 11), under
// the rule that lets a linked guardian open those files (lib/auth/policy.ts canReadFile).

useTestDatabase();

const AVA = DEMO_STUDENTS[0]!.code; // Grace Johnson's child (by phone), with Liam
const LIAM = DEMO_STUDENTS[1]!.code;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-child-work-"));
let ava: number;
let grace: number; // parent-johnson
let ken: number; // parent-kim: another family's parent
let admin: number;
let bio: number; // an assignment of BIO-P2, where Ava and Liam are enrolled
let otherClass: { code: string; assignmentId: number }; // Ava's other class

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n${text}\n%%EOF\n`);

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
  setFileStorage(undefined);
  await seedDemo();
  [ava, grace, ken, admin] = await Promise.all([
    userIdByCode(AVA),
    userIdByCode("parent-johnson"),
    userIdByCode("parent-kim"),
    userIdByCode(DEMO_ADMIN.code),
  ]);
  bio = await firstAssignmentOf("BIO-P2");
  const [other] = await queryRows<{ code: string }>(
    sql`select level_code as code from student_enrollment where student_id = ${ava} and level_code <> 'BIO-P2' limit 1`,
  );
  otherClass = { code: other!.code, assignmentId: await firstAssignmentOf(other!.code) };
});
afterAll(() => {
  setFileStorage(undefined);
  delete process.env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Signed in as the student: uploads the files, then submits with them. */
async function handIn(student: string, levelCode: string, assignmentId: number, names: string[]): Promise<number[]> {
  await signInAs(student);
  const ids: number[] = [];
  for (const name of names) {
    const up = await uploadFile(levelCode, { kind: "submission", id: assignmentId }, name, pdf(name));
    expect(up.status, up.json.message).toBe(201);
    ids.push(up.json.file!.id);
  }
  const sent = await submitAssignment(
    { ok: true },
    form({
      levelCode,
      assignmentId,
      studentId: await userIdByCode(student),
      content: "My work for this assignment",
      fileIds: ids.join(","),
    }),
  );
  expect(sent).toMatchObject({ ok: true });
  return ids;
}

const asGuardian = { id: 0, role: "parent" } as const;
const workOf = (viewer: number) => listChildSubmittedWork({ studentId: ava, viewer: { ...asGuardian, id: viewer } });
const fileNames = (work: Awaited<ReturnType<typeof workOf>>) =>
  work.classes.flatMap((c) => c.assignments.flatMap((a) => a.submissions.flatMap((s) => s.files.map((f) => f.name))));

describe("the child's submitted work on the guardian's page", () => {
  let draft: number;
  let first: number[];
  let second: number[];
  beforeAll(async () => {
    first = await handIn(AVA, "BIO-P2", bio, ["first draft.pdf"]);
    second = await handIn(AVA, "BIO-P2", bio, ["final.pdf", "figures.pdf"]);
    await handIn(AVA, otherClass.code, otherClass.assignmentId, []);
    await handIn(LIAM, "BIO-P2", bio, ["liam.pdf"]);
    // Uploaded but never handed in: not submitted work.
    await signInAs(AVA);
    draft = (await uploadFile("BIO-P2", { kind: "submission", id: bio }, "draft.pdf", pdf("draft"))).json.file!.id;
  });

  it("per class and assignment, each submission newest first with its files; nothing of another child, no draft", async () => {
    const work = await workOf(grace);
    expect(work.truncated).toBe(false);
    const biology = work.classes.find((c) => c.code === "BIO-P2")!;
    expect(biology).toMatchObject({ name: "Biology", period: "2" });
    const [assignment] = biology.assignments;
    const [title] = await db().select({ t: assignments.title }).from(assignments).where(eq(assignments.id, bio));
    expect(assignment!.title).toBe(title!.t);
    // The demo school's own submission (no files) comes after them.
    expect(assignment!.submissions.slice(0, 2).map((s) => s.files.map((f) => f.id))).toEqual([second, first]);
    expect(assignment!.submissions[0]!.submittedAt.getTime()).toBeGreaterThanOrEqual(
      assignment!.submissions[1]!.submittedAt.getTime(),
    );
    const other = work.classes.find((c) => c.code === otherClass.code)!;
    expect(other.assignments[0]!.assignmentId).toBe(otherClass.assignmentId);
    expect(other.assignments[0]!.submissions[0]!.files).toEqual([]); // submitted without files
    expect(fileNames(work).sort()).toEqual(["figures.pdf", "final.pdf", "first draft.pdf"]);
    expect(fileNames(work)).not.toContain("liam.pdf");
    expect(fileNames(work)).not.toContain("draft.pdf");
    expect(work.classes.map((c) => c.name)).toEqual([...work.classes.map((c) => c.name)].sort());
  });

  it("every file listed opens for the linked guardian; the draft, another family's parent and a removed link get 404", async () => {
    await signInAs("parent-johnson");
    for (const id of [...first, ...second]) expect((await downloadFile(id, "?inline=1")).status, String(id)).toBe(200);
    expect((await downloadFile(draft)).status).toBe(404);

    await signInAs("parent-kim");
    for (const id of [...first, ...second]) expect((await downloadFile(id)).status).toBe(404);
    expect(fileNames(await workOf(ken))).toEqual([]); // the rule, even if the page were reached

    // An admin removes Grace's phone-made link to Ava: kept as removed, so it no longer counts.
    const [link] = await db()
      .select({ id: guardianLinks.id })
      .from(guardianLinks)
      .where(and(eq(guardianLinks.parentId, grace), eq(guardianLinks.studentId, ava)));
    expect(await unlinkGuardian({ linkId: link!.id, actorId: admin })).toMatchObject({ ok: true });
    await signInAs("parent-johnson");
    for (const id of [...first, ...second]) expect((await downloadFile(id)).status).toBe(404);
    expect(fileNames(await workOf(grace))).toEqual([]);
  });

  it("is one statement whatever the number of classes, submissions and files, and bounded", async () => {
    const few = await countQueries(() => workOf(admin));
    await db().execute(sql`
      insert into assignment_submissions (assignment_id, student_id, content, submitted_at)
      select a.id, ${ava}, 'Again', now() - make_interval(mins => g)
      from assignments a join student_enrollment e on e.level_code = a.level_code and e.student_id = ${ava},
           generate_series(1, ${CHILD_WORK_MAX_SUBMISSIONS}) g`);
    const many = await countQueries(() =>
      listChildSubmittedWork({ studentId: ava, viewer: { id: admin, role: "admin" } }),
    );
    expect(few.count).toBe(1);
    expect(many.count).toBe(1);
    const shown = many.result.classes.flatMap((c) => c.assignments.flatMap((a) => a.submissions));
    expect(shown).toHaveLength(CHILD_WORK_MAX_SUBMISSIONS);
    expect(many.result.truncated).toBe(true);
    // The newest are kept: the files handed in last are still there.
    expect(fileNames(many.result)).toEqual(expect.arrayContaining(["final.pdf", "figures.pdf"]));
  });
});
