import { threadHtml } from "./support/thread-html";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { saveCommentSettingsAction } from "@/app/admin/guardian-actions";
import { DELETE as removeRoute } from "@/app/files/[fileId]/route";
import { hideComment, postComment } from "@/app/level/[levelCode]/update/comment-actions";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { resetEnvCache } from "@/lib/env";
import { diskStorage } from "@/lib/files/disk";
import { setFileStorage } from "@/lib/files/index";
import { STAGED_TTL_MS, sweepFiles } from "@/lib/files/sweep";
import { listStudentThreads, listThread } from "@/lib/queries/comments";
import { buildRecord } from "@/lib/records/export";
import { ALL_TABLES, databaseChecksum, firstAssignmentOf, seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";
import { downloadFile, fakePdf, uploadFile } from "./support/upload";

// Issue 44, decision 033: files attached to private comments. Uploaded to a thread by whoever may
// write in it, staged under the comment box's draft id, attached when the comment is posted, and
// read under the thread's rule: the student, the class's staff, linked guardians only where the
// school allows; a hidden comment's files staff only; a staged file its uploader only.

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

useTestDatabase();

const BIO = "BIO-P2"; // David Chen's; Ava and Liam are enrolled
const ava = DEMO_STUDENTS[0]!;
const liam = DEMO_STUDENTS[1]!;
const chen = DEMO_INSTRUCTORS[1];
const rivera = DEMO_INSTRUCTORS[0]; // another class's teacher
const GRACE = "parent-johnson"; // Ava's linked guardian (below)
const KEN = "parent-kim"; // not linked
const ids: Record<string, number> = {};
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-comment-files-"));
const TABLES = [...ALL_TABLES, "files", "submission_comments", "notifications"];

const DRAFT_AVA = "avabox0001";
const DRAFT_CHEN = "chenbox0001";

const up = (studentId: number, draft: string, name = "notes.pdf") =>
  uploadFile(BIO, { kind: `comment&student=${studentId}`, id: ids.bio!, draft }, name, fakePdf(2000));
const post = (body: string, fileIds: number[], draft: string, studentId = ids.ava!) =>
  postComment({ levelCode: BIO, assignmentId: ids.bio!, studentId, body, fileIds, draft });
const remove = (id: number) =>
  removeRoute(new Request(`http://localhost/files/${id}`, { method: "DELETE" }), {
    params: Promise.resolve({ fileId: String(id) }),
  });
const fileRow = async (id: number) =>
  (
    await queryRows<{ comment_id: number | null; draft_id: string | null; assignment_id: number; kind: string }>(
      sql`select comment_id, draft_id, assignment_id, kind from files where id = ${id}`,
    )
  )[0];
/** The status each of these sign-ins gets for the file. */
async function statuses(fileId: number, codes: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const code of codes) {
    await signInAs(code);
    out[code] = (await downloadFile(fileId)).status;
  }
  return out;
}
const setting = async (on: boolean) => {
  await signInAs(DEMO_ADMIN.code);
  expect(
    await saveCommentSettingsAction({ ok: true }, form(on ? { guardiansReadPrivateComments: "on" } : {})),
  ).toMatchObject({ ok: true });
};

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
  setFileStorage(diskStorage(path.join(dataDir, "files")));
  await seedDemo();
  ids.ava = await userIdByCode(ava.code);
  ids.liam = await userIdByCode(liam.code);
  ids.chen = await userIdByCode(chen.code);
  ids.grace = await userIdByCode(GRACE);
  ids.bio = await firstAssignmentOf(BIO);
  await queryRows(sql`delete from guardian_links where student_id = ${ids.ava}`);
  await queryRows(
    sql`insert into guardian_links (parent_id, student_id, source, relationship) values (${ids.grace}, ${ids.ava}, 'admin', 'mother')`,
  );
});
afterAll(() => {
  setFileStorage(undefined);
  delete process.env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a student's file on their own thread", () => {
  it("is staged by the upload, attached by the post, and listed with the comment", async () => {
    await signInAs(ava.code);
    const res = await up(ids.ava!, DRAFT_AVA, "graph.pdf");
    expect(res.status, res.json.message).toBe(201);
    const fileId = res.json.file!.id;
    expect(await fileRow(fileId)).toEqual({
      comment_id: null,
      draft_id: DRAFT_AVA,
      assignment_id: ids.bio,
      kind: "comment",
    });
    const posted = await post("Here is my graph", [fileId], DRAFT_AVA);
    expect(posted).toMatchObject({ ok: true, data: { files: [{ id: fileId, name: "graph.pdf" }] } });
    expect((await fileRow(fileId))!.comment_id).toBe((posted as { data: { id: number } }).data.id);
    ids.avaFile = fileId;
    // One statement for the thread's files; the student's tab and the teacher's view both carry them.
    const thread = await listThread({ assignmentId: ids.bio!, studentId: ids.ava! });
    expect(thread.at(-1)!.files.map((f) => f.id)).toEqual([fileId]);
    expect((await listStudentThreads({ studentId: ids.ava!, levelCode: BIO })).get(ids.bio!)!.at(-1)!.files).toEqual(
      thread.at(-1)!.files,
    );
  });

  it("is read by the student, the class's teacher and admins; not a classmate, another class's teacher or an unlinked guardian", async () => {
    expect(await statuses(ids.avaFile!, [ava.code, chen.code, DEMO_ADMIN.code])).toEqual({
      [ava.code]: 200,
      [chen.code]: 200,
      [DEMO_ADMIN.code]: 200,
    });
    expect(await statuses(ids.avaFile!, [liam.code, rivera.code, KEN, GRACE])).toEqual({
      [liam.code]: 404,
      [rivera.code]: 404,
      [KEN]: 404,
      [GRACE]: 404, // linked, but the school's setting is off (the default)
    });
  });

  it("is read by a linked guardian only while the school allows it", async () => {
    await setting(true);
    try {
      expect(await statuses(ids.avaFile!, [GRACE, KEN])).toEqual({ [GRACE]: 200, [KEN]: 404 });
    } finally {
      await setting(false);
    }
    expect(await statuses(ids.avaFile!, [GRACE])).toEqual({ [GRACE]: 404 });
  });

  it("is no longer removable once posted, by its uploader or the teacher", async () => {
    for (const code of [ava.code, chen.code]) {
      await signInAs(code);
      expect((await remove(ids.avaFile!)).status, code).toBe(404);
    }
    expect(await fileRow(ids.avaFile!)).toBeDefined();
  });
});

describe("uploading to a thread", () => {
  it("is refused to a classmate, another class's teacher and a guardian, and stores nothing", async () => {
    const before = await databaseChecksum(TABLES);
    for (const code of [liam.code, rivera.code, GRACE]) {
      await signInAs(code);
      const res = await up(ids.ava!, "intruder01");
      expect([403, 404], `${code}: ${res.status} ${res.json.message}`).toContain(res.status);
    }
    expect(await databaseChecksum(TABLES)).toEqual(before);
  });

  it("needs the thread's student and a box", async () => {
    await signInAs(ava.code);
    const res = await uploadFile(BIO, { kind: "comment", id: ids.bio!, draft: DRAFT_AVA }, "x.pdf", fakePdf(100));
    expect(res.status).toBe(400);
  });

  it("takes at most ten files in one box", async () => {
    await signInAs(chen.code);
    const box = "tenfiles01";
    for (let i = 0; i < 10; i++) expect((await up(ids.ava!, box, `f${i}.pdf`)).status).toBe(201);
    const eleventh = await up(ids.ava!, box, "f10.pdf");
    expect(eleventh.status).toBe(409);
    expect(eleventh.json.message).toContain("10");
    await queryRows(sql`delete from files where draft_id = ${box}`);
  });
});

describe("a staged file", () => {
  it("is read and removed by its uploader only", async () => {
    await signInAs(chen.code);
    const res = await up(ids.ava!, DRAFT_CHEN, "answer key.pdf");
    expect(res.status, res.json.message).toBe(201);
    const fileId = res.json.file!.id;
    expect(await statuses(fileId, [chen.code, ava.code, DEMO_ADMIN.code])).toEqual({
      [chen.code]: 200,
      [ava.code]: 404,
      [DEMO_ADMIN.code]: 404,
    });
    await signInAs(ava.code);
    expect((await remove(fileId)).status).toBe(404);
    await signInAs(chen.code);
    expect((await remove(fileId)).status).toBe(200);
    expect(await fileRow(fileId)).toBeUndefined();
  });

  it("posted by anyone but its uploader, or from another box, refuses the whole post and writes nothing", async () => {
    await signInAs(chen.code);
    const chens = (await up(ids.ava!, DRAFT_CHEN, "teacher.pdf")).json.file!.id;
    await signInAs(ava.code);
    const own = (await up(ids.ava!, DRAFT_AVA, "mine.pdf")).json.file!.id;
    const before = await databaseChecksum(TABLES);
    for (const [fileIds, draft, why] of [
      [[chens], DRAFT_CHEN, "the teacher's file, with the teacher's box"],
      [[own, chens], DRAFT_AVA, "her own and the teacher's"],
      [[own], "otherbox01", "her own, from another box"],
      [[ids.avaFile!], DRAFT_AVA, "a file already posted"],
    ] as const) {
      const res = await post("With files", [...fileIds], draft);
      expect(res, why).toMatchObject({ ok: false });
      expect(await databaseChecksum(TABLES), why).toEqual(before);
    }
    expect((await fileRow(own))!.comment_id).toBeNull();
    // Her own from her box still posts.
    expect(await post("With my file", [own], DRAFT_AVA)).toMatchObject({ ok: true });
  });

  it("left unposted is swept after a session's life, like a submission's upload", async () => {
    await signInAs(ava.code);
    const left = (await up(ids.ava!, "leftbox001", "forgotten.pdf")).json.file!.id;
    await sweepFiles(new Date(Date.now() + STAGED_TTL_MS - 60_000), { scanOrphans: false });
    expect(await fileRow(left)).toBeDefined();
    await sweepFiles(new Date(Date.now() + STAGED_TTL_MS + 60_000), { scanOrphans: false });
    expect(await fileRow(left)).toBeUndefined();
    expect(await fileRow(ids.avaFile!)).toBeDefined(); // a posted file stays
  });
});

describe("a hidden comment's files", () => {
  it("reach staff only", async () => {
    await signInAs(chen.code);
    const fileId = (await up(ids.ava!, "hidebox001", "to hide.pdf")).json.file!.id;
    const posted = await post("A file for Ava", [fileId], "hidebox001");
    expect(posted).toMatchObject({ ok: true });
    const commentId = (posted as { data: { id: number } }).data.id;
    expect((await hideComment({ levelCode: BIO, commentId })).ok).toBe(true);
    await setting(true);
    try {
      expect(await statuses(fileId, [chen.code, DEMO_ADMIN.code, ava.code, GRACE])).toEqual({
        [chen.code]: 200,
        [DEMO_ADMIN.code]: 200,
        [ava.code]: 404,
        [GRACE]: 404,
      });
    } finally {
      await setting(false);
    }
    // Listed to staff with the hidden comment, to nobody else.
    const staff = await listThread({ assignmentId: ids.bio!, studentId: ids.ava!, staff: true });
    expect(staff.find((c) => c.id === commentId)!.files.map((f) => f.id)).toEqual([fileId]);
    const student = await listStudentThreads({ studentId: ids.ava!, levelCode: BIO });
    expect(student.get(ids.bio!)!.some((c) => c.files.some((f) => f.id === fileId))).toBe(false);
  });
});

describe("records and the screen", () => {
  it("the student's export holds their own comment files and the staff's on their thread", async () => {
    await signInAs(chen.code);
    const staffFile = (await up(ids.ava!, "recbox0001", "feedback.pdf")).json.file!.id;
    expect(await post("Feedback attached", [staffFile], "recbox0001")).toMatchObject({ ok: true });
    const record = await buildRecord(ids.ava!);
    const exported = record!.files.map((f) => f.id);
    expect(exported).toContain(ids.avaFile);
    expect(exported).toContain(staffFile);
    // Liam's record holds none of them.
    const liamRecord = await buildRecord(ids.liam!);
    expect(liamRecord!.files.map((f) => f.id)).not.toContain(staffFile);
  });

  it("the thread links each comment's files and offers the picker to whoever may post", async () => {
    const comments = await listThread({ assignmentId: ids.bio!, studentId: ids.ava! });
    const html = threadHtml({
      levelCode: BIO,
      assignmentId: ids.bio!,
      studentId: ids.ava!,
      comments,
      viewerId: ids.ava!,
      canPost: true,
      canHide: false,
    });
    expect(html).toContain(`href="/files/${ids.avaFile}?inline=1"`);
    expect(html).toContain("graph.pdf");
    expect(html).toContain(`id="attach-comment-${ids.bio}-${ids.ava}"`);
  });
});
