import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSubmissionHistory, submitAssignment } from "@/app/level/[levelCode]/actions";
import { loadHandIn } from "@/app/level/[levelCode]/files-actions";
import { GET as zipRoute } from "@/app/level/[levelCode]/files/zip/route";
import type { ActionResult } from "@/lib/action-result";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { assignments, files } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { diskStorage } from "@/lib/files/disk";
import { setFileStorage } from "@/lib/files/index";
import { MAX_STAGED_FILES } from "@/lib/files/records";
import { responseFilesOf } from "@/lib/files/responses";
import { STAGED_TTL_MS, sweepFiles } from "@/lib/files/sweep";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";
import { fakePdf, uploadFile } from "./support/upload";

// Handing in with files (issue 39): what a dialog's uploads count against, when the ones left in a
// dialog never sent go, a file alone as a submission, and a resubmission keeping earlier files.

useTestDatabase();

const BIO = "BIO-P2";
const AVA = DEMO_STUDENTS[0]!.code;
const LIAM = DEMO_STUDENTS[1]!.code;
const CHEN = DEMO_INSTRUCTORS[1].code;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-hand-in-"));

let assignmentId: number;
const newAssignment = async (title: string) => {
  const [a] = await db()
    .insert(assignments)
    .values({ levelCode: BIO, title, description: "", maxScore: 10 })
    .returning({ id: assignments.id });
  return a!.id;
};
/** An action's data, or the test fails with its message. */
function dataOf<T>(r: ActionResult<T>): T {
  if (!r.ok) throw new Error(r.message);
  return r.data!;
}
const note = (n: number) => new TextEncoder().encode(`page ${n} of my notes\n`);
const submit = async (code: string, id: number, content: string, fileIds: number[]) =>
  submitAssignment(
    { ok: true },
    form({
      levelCode: BIO,
      assignmentId: id,
      studentId: await userIdByCode(code),
      content,
      fileIds: fileIds.join(","),
    }),
  );

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
  setFileStorage(diskStorage(path.join(dataDir, "files")));
  await seedDemo();
  assignmentId = await newAssignment("Lab photos");
});
afterAll(() => {
  setFileStorage(undefined);
  delete process.env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("uploads of a hand-in dialog", () => {
  it("count in their own dialog only: one left unsent takes no slot of the next, and each limit says which it is", async () => {
    await signInAs(AVA);
    const left = { kind: "submission", id: assignmentId, draft: "dialog-left-unsent" };
    for (let n = 1; n <= 10; n++) expect((await uploadFile(BIO, left, `p${n}.txt`, note(n))).status).toBe(201);
    const eleventh = await uploadFile(BIO, left, "p11.txt", note(11));
    expect(eleventh).toMatchObject({ status: 409, json: { message: "At most 10 files can be attached." } });

    // The next dialog starts from nothing: the ten left behind are not its files.
    const next = { kind: "submission", id: assignmentId, draft: "the-next-dialog" };
    const first = await uploadFile(BIO, next, "answers.txt", note(1));
    expect(first.status, first.json.message).toBe(201);
    const program = new Uint8Array(Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00"));
    expect((await uploadFile(BIO, next, "game.exe", program)).json.message).toBe(
      "This kind of file cannot be uploaded. Use a photo, a PDF, an office document, plain text, audio or video.",
    );

    // What one account may leave staged across dialogs stays bounded, with its own reason.
    for (let d = 0; (await stagedOf(AVA)) < MAX_STAGED_FILES; d++) {
      const dialog = { kind: "submission", id: assignmentId, draft: `filler-dialog-${d}` };
      for (let n = 0; n < 10 && (await stagedOf(AVA)) < MAX_STAGED_FILES; n++)
        expect((await uploadFile(BIO, dialog, `f${n}.txt`, note(n))).status).toBe(201);
    }
    const over = await uploadFile(BIO, { kind: "submission", id: assignmentId, draft: "one-more" }, "x.txt", note(0));
    expect(over.status).toBe(409);
    expect(over.json.message).toBe(
      `At most ${MAX_STAGED_FILES} of your uploads can wait to be handed in. Hand in your work first, or try again in a few hours.`,
    );
  });

  it("not handed in within their sign-in session are swept; handed-in files stay", async () => {
    await signInAs(LIAM);
    const id = await newAssignment("Sweep check");
    const dialog = { kind: "submission", id, draft: "liam-dialog" };
    const sent = await uploadFile(BIO, dialog, "sent.txt", note(1));
    const staged = await uploadFile(BIO, dialog, "left.txt", note(2));
    expect(await submit(LIAM, id, "", [sent.json.file!.id])).toMatchObject({ ok: true });
    const [row] = await db().select().from(files).where(eq(files.id, staged.json.file!.id));

    // Four hours on (the longest a sign-in lasts): the dialog could still be sending it.
    await sweepFiles(new Date(Date.now() + 4 * 3600_000), { scanOrphans: false });
    expect(await db().select().from(files).where(eq(files.id, row!.id))).toHaveLength(1);
    // Past the session and its hour of grace: gone, row and object; the handed-in one stays.
    await sweepFiles(new Date(Date.now() + STAGED_TTL_MS + 60_000), { scanOrphans: false });
    expect(await db().select().from(files).where(eq(files.id, row!.id))).toHaveLength(0);
    expect(await diskStorage(path.join(dataDir, "files")).get(row!.storageKey)).toBeNull();
    expect(await db().select().from(files).where(eq(files.id, sent.json.file!.id))).toHaveLength(1);
  });

  it("past what is left of the quota, a file is refused for the quota, not as too large", async () => {
    process.env.FILES_QUOTA_MB = "1";
    resetEnvCache();
    try {
      await signInAs(LIAM);
      const big = await uploadFile(
        BIO,
        { kind: "submission", id: assignmentId, draft: "quota-dialog" },
        "big.pdf",
        fakePdf(2 * 1024 * 1024),
      );
      expect(big).toMatchObject({
        status: 413,
        json: { message: "Your files would use more than your 1 MB. Remove some files first." },
      });
    } finally {
      delete process.env.FILES_QUOTA_MB;
      resetEnvCache();
    }
  });
});

const stagedOf = async (code: string) =>
  (
    await queryRows<{ n: number }>(
      sql`select count(*)::int as n from files where uploader_id = ${await userIdByCode(code)} and submission_id is null`,
    )
  )[0]!.n;

describe("handing in", () => {
  it("a file alone is a submission; text alone needs its 10 characters", async () => {
    await signInAs(LIAM);
    const id = await newAssignment("Photo of the worksheet");
    const photo = await uploadFile(BIO, { kind: "submission", id, draft: "photo-only" }, "sheet.pdf", fakePdf(3000));
    expect(await submit(LIAM, id, "", [photo.json.file!.id])).toMatchObject({ ok: true });
    expect(await submit(LIAM, id, "short", [])).toMatchObject({
      ok: false,
      message: "Response must be at least 10 characters.",
    });
  });

  it("a resubmission keeps the files it names from the last one, without copying them; others' files are refused", async () => {
    await signInAs(AVA);
    const id = await newAssignment("Essay with sources");
    const essay = await uploadFile(BIO, { kind: "submission", id, draft: "first-dialog" }, "essay.pdf", fakePdf(4000));
    const sources = await uploadFile(
      BIO,
      { kind: "submission", id, draft: "first-dialog" },
      "sources.pdf",
      fakePdf(2000),
    );
    const [essayId, sourcesId] = [essay.json.file!.id, sources.json.file!.id];
    expect(await submit(AVA, id, "My essay and its sources.", [essayId, sourcesId])).toMatchObject({ ok: true });

    // The dialog opens with them listed; the student keeps the sources and sends a new essay.
    const opened = dataOf(await loadHandIn({ levelCode: BIO, assignmentId: id }));
    expect(opened.previous.map((f) => f.name)).toEqual(["essay.pdf", "sources.pdf"]);
    expect(opened.maxMb).toBe(25);
    const rows = await db().select({ id: files.id }).from(files);
    const second = await uploadFile(
      BIO,
      { kind: "submission", id, draft: "second-dialog" },
      "essay-v2.pdf",
      fakePdf(4100),
    );
    expect(await submit(AVA, id, "", [sourcesId, second.json.file!.id])).toMatchObject({ ok: true });
    expect(await db().select({ id: files.id }).from(files)).toHaveLength(rows.length + 1); // the new essay only

    const history = dataOf(await loadSubmissionHistory(BIO, id));
    expect(history.map((e) => e.files.map((f) => f.name))).toEqual([
      ["sources.pdf", "essay-v2.pdf"],
      ["essay.pdf", "sources.pdf"],
    ]);
    expect(dataOf(await loadHandIn({ levelCode: BIO, assignmentId: id })).previous.map((f) => f.name)).toEqual([
      "sources.pdf",
      "essay-v2.pdf",
    ]);
    // What the teacher sees: each submission with what it handed in, and the zip likewise.
    const responses = await responseFilesOf(id);
    expect(
      Object.values(responses.submissions)
        .map((s) => s.files.length)
        .sort(),
    ).toEqual([2, 2]);
    await signInAs(CHEN);
    const zip = await zipRoute(new Request(`http://localhost/level/${BIO}/files/zip?assignmentId=${id}`), {
      params: Promise.resolve({ levelCode: BIO }),
    });
    const names = Object.keys(unzipSync(new Uint8Array(await zip.arrayBuffer())));
    expect(names.filter((n) => n.endsWith("sources.pdf")).map((n) => n.split("/")[1])).toEqual([
      "1 - sources.pdf",
      "2 - sources.pdf",
    ]);

    // Liam cannot hand in Ava's file by naming its id, and nothing of his submission is written.
    await signInAs(LIAM);
    const before = await queryRows<{ n: number }>(sql`select count(*)::int as n from assignment_submissions`);
    expect(await submit(LIAM, id, "I would like to hand this in.", [essayId])).toMatchObject({
      ok: false,
      message: "An attached file is no longer there. Remove it and attach it again.",
    });
    expect(await queryRows<{ n: number }>(sql`select count(*)::int as n from assignment_submissions`)).toEqual(before);
  });
});
