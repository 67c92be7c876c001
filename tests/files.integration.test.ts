import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { unzipSync, zipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as removeRoute, GET as fileRoute } from "@/app/files/[fileId]/route";
import { POST as uploadRoute } from "@/app/level/[levelCode]/files/route";
import { GET as zipRoute } from "@/app/level/[levelCode]/files/zip/route";
import { submitAssignment } from "@/app/level/[levelCode]/actions";
import { deleteAssignment } from "@/app/level/[levelCode]/update/assignment-actions";
import { db, dbHandle, queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { assignments, files, guardianLinks } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { diskStorage } from "@/lib/files/disk";
import { setFileStorage } from "@/lib/files/index";
import { s3Storage } from "@/lib/files/s3";
import type { FileStorage } from "@/lib/files/storage";
import { sweepFiles } from "@/lib/files/sweep";
import { firstAssignmentOf, firstUpdateOf, seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { startTestS3 } from "./support/s3";
import { fakePdf, multipart, uploadFile } from "./support/upload";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Attachments (issue 33) on both storages: a folder on disk and a real S3 API server (s3rver).
// Every request goes through the route handlers as a browser's would.

useTestDatabase();

const BIO = "BIO-P2"; // David Chen's (DEMO_INSTRUCTORS[1]); Ava and Liam are enrolled
const AVA = DEMO_STUDENTS[0]!.code;
const LIAM = DEMO_STUDENTS[1]!.code;
const CHEN = DEMO_INSTRUCTORS[1].code;
const RIVERA = DEMO_INSTRUCTORS[0].code; // another class's teacher
const MB = 1024 * 1024;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-files-"));
let s3: Awaited<ReturnType<typeof startTestS3>>;
let assignmentId: number;
let updateId: number;

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
  s3 = await startTestS3();
  await seedDemo();
  assignmentId = await firstAssignmentOf(BIO);
  updateId = await firstUpdateOf(BIO);
  // Ava's guardians: Ken Kim only (the demo links families by phone number).
  await db()
    .delete(guardianLinks)
    .where(eq(guardianLinks.studentId, await userIdByCode(AVA)));
  await db()
    .insert(guardianLinks)
    .values({ parentId: await userIdByCode("parent-kim"), studentId: await userIdByCode(AVA), source: "admin" });
});
afterAll(async () => {
  setFileStorage(undefined);
  await s3?.close();
  delete process.env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const upload = (kind: string, id: number, name: string, content: Uint8Array, delayMs = 0) =>
  uploadFile(BIO, { kind, id }, name, content, delayMs);

const get = (id: number, q = "") =>
  fileRoute(new Request(`http://localhost/files/${id}${q}`), { params: Promise.resolve({ fileId: String(id) }) });
const remove = (id: number) =>
  removeRoute(new Request(`http://localhost/files/${id}`, { method: "DELETE" }), {
    params: Promise.resolve({ fileId: String(id) }),
  });
const sha = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

const storages: [string, () => FileStorage][] = [
  ["disk", () => diskStorage(path.join(dataDir, "files"))],
  [
    "S3 (s3rver)",
    () =>
      s3Storage({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      }),
  ],
];

describe.each(storages)("attachments on %s", (_label, make) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = make();
    setFileStorage(storage);
    await db().delete(files);
    await sweepFiles(new Date(Date.now() + 2 * 3600_000));
  });

  it("a 20 MB file from a slow client: uploaded, handed in, read back byte for byte, removed with its object", async () => {
    const bytes = fakePdf(20 * MB);
    await signInAs(AVA);
    const up = await upload("submission", assignmentId, "lab report.pdf", bytes, 2);
    expect(up.status, up.json.message).toBe(201);
    expect(up.json.file).toMatchObject({ name: "lab report.pdf", mime: "application/pdf" });
    const fileId = up.json.file!.id;

    const sent = await submitAssignment(
      { ok: true },
      form({
        levelCode: BIO,
        assignmentId,
        studentId: await userIdByCode(AVA),
        content: "My lab report is attached",
        fileIds: String(fileId),
      }),
    );
    expect(sent).toMatchObject({ ok: true });

    for (const who of [AVA, CHEN, DEMO_ADMIN.code, "parent-kim"]) {
      await signInAs(who);
      const res = await get(fileId, "?inline=1");
      expect(res.status, who).toBe(200);
      expect(sha(new Uint8Array(await res.arrayBuffer()))).toBe(sha(bytes));
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="lab report.pdf"/);
    }
    for (const who of [LIAM, RIVERA, "parent-johnson"]) {
      await signInAs(who);
      expect((await get(fileId)).status, who).toBe(404);
    }

    // Handed in: the student can no longer remove it; the record is kept.
    await signInAs(AVA);
    expect((await remove(fileId)).status).toBe(404);
    const [row] = await db().select().from(files).where(eq(files.id, fileId));
    expect(await storage.get(row!.storageKey)).not.toBeNull();

    // A staged file is the student's to remove: row and object go, and the removal is audited.
    const staged = await upload("submission", assignmentId, "draft.pdf", fakePdf(1000));
    const [stagedRow] = await db().select().from(files).where(eq(files.id, staged.json.file!.id));
    expect((await remove(stagedRow!.id)).status).toBe(200);
    expect(await storage.get(stagedRow!.storageKey)).toBeNull();
    const audits = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'file.removed' and detail->>'fileId' = ${String(stagedRow!.id)}`,
    );
    expect(audits[0]!.n).toBe(1);
  });

  it("Download all: one zip, a folder per student, the bytes as uploaded", async () => {
    await signInAs(LIAM);
    const liamFile = fakePdf(5000);
    const up = await upload("submission", assignmentId, "liam.pdf", liamFile);
    await submitAssignment(
      { ok: true },
      form({
        levelCode: BIO,
        assignmentId,
        studentId: await userIdByCode(LIAM),
        content: "Here is my work",
        fileIds: String(up.json.file!.id),
      }),
    );
    await signInAs(RIVERA);
    const refused = await zipRoute(
      new Request(`http://localhost/level/${BIO}/files/zip?assignmentId=${assignmentId}`),
      {
        params: Promise.resolve({ levelCode: BIO }),
      },
    );
    expect(refused.status).toBe(403);
    await signInAs(CHEN);
    const res = await zipRoute(new Request(`http://localhost/level/${BIO}/files/zip?assignmentId=${assignmentId}`), {
      params: Promise.resolve({ levelCode: BIO }),
    });
    expect(res.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const names = Object.keys(entries);
    const liamEntry = names.find((n) => n.endsWith("- liam.pdf"))!;
    expect(liamEntry).toMatch(/^Liam [^/]+ \([^)]+\)\/\d+ - liam\.pdf$/);
    expect(sha(entries[liamEntry]!)).toBe(sha(liamFile));
    expect(names.some((n) => n.startsWith("Ava ") && n.endsWith("lab report.pdf"))).toBe(true);
  });

  it("hostile files are refused or served inert", async () => {
    await signInAs(AVA);
    const html = new TextEncoder().encode("<!DOCTYPE html><html><script>alert(document.cookie)</script></html>");
    expect((await upload("submission", assignmentId, "invoice.pdf", html)).status).toBe(415);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload("submission", assignmentId, "drawing.png", svg)).status).toBe(415);
    const script = new TextEncoder().encode("#!/bin/sh\nrm -rf /\n");
    expect((await upload("submission", assignmentId, "notes.txt", script)).status).toBe(415);
    const bomb = zipSync({ "zeros.bin": new Uint8Array(50 * MB) }, { level: 9 });
    expect(bomb.length).toBeLessThan(MB);
    expect((await upload("submission", assignmentId, "homework.zip", bomb)).status).toBe(415);

    // A JPEG with an HTML page after its image data: stored re-encoded, without the page, inert.
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366cc" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "GPS 48.8584 N 2.2945 E" } })
      .toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from("<html><script>alert(1)</script></html>")]);
    // Path traversal and a right-to-left override that makes "…gpj.exe" read as "….exe".
    const up = await upload("submission", assignmentId, "../../etc/\u202Egpj.exe", new Uint8Array(polyglot));
    expect(up.status, up.json.message).toBe(201);
    expect(up.json.file!.name).toBe("gpj.jpg");
    const res = await get(up.json.file!.id, "?inline=1");
    const served = Buffer.from(await res.arrayBuffer());
    expect(served.includes("<script")).toBe(false);
    expect(served.includes("GPS 48.8584")).toBe(false);
    expect((await sharp(served).metadata()).width).toBe(64);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("content-security-policy")).toMatch(/sandbox/);
    expect(res.headers.get("content-disposition")).not.toMatch(/\u202E/);
    const thumb = await get(up.json.file!.id, "?thumb=1");
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).format).toBe("webp");
  });

  it("a 2 GB stream is cut off at the cap, reading little of it and storing nothing", async () => {
    await signInAs(AVA);
    const before = await db().select({ id: files.id }).from(files);
    let pulled = 0;
    const chunk = new Uint8Array(MB).fill(65);
    /* eslint-disable-next-line @typescript-eslint/require-await -- multipart() reads an AsyncGenerator (a
       streamed body); this one has nothing to wait for between chunks, and that is the point of the test. */
    const m = multipart("huge.txt", async function* () {
      for (let i = 0; i < 2048; i++) {
        pulled += chunk.length;
        yield chunk;
      }
    });
    const heapBefore = process.memoryUsage().rss;
    const res = await uploadRoute(
      new Request(`http://localhost/level/${BIO}/files?kind=submission&id=${assignmentId}`, {
        method: "POST",
        body: m.body,
        headers: { "content-type": m.type },
        duplex: "half",
      } as RequestInit),
      { params: Promise.resolve({ levelCode: BIO }) },
    );
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(40 * MB);
    expect(process.memoryUsage().rss - heapBefore).toBeLessThan(200 * MB);
    expect(fs.readdirSync(path.join(dataDir, "upload-staging"))).toEqual([]);
    expect(await db().select({ id: files.id }).from(files)).toEqual(before);
  });

  it("teachers attach to their own assignments and announcements only; students read them", async () => {
    const pdf = fakePdf(3000);
    await signInAs(RIVERA);
    expect((await upload("assignment", assignmentId, "handout.pdf", pdf)).status).toBe(403);
    await signInAs(AVA);
    expect((await upload("announcement", updateId, "handout.pdf", pdf)).status).toBe(403);
    await signInAs(CHEN);
    const a = await upload("assignment", assignmentId, "handout.pdf", pdf);
    const n = await upload("announcement", updateId, "notes.pdf", pdf);
    expect([a.status, n.status]).toEqual([201, 201]);
    await signInAs(AVA);
    expect((await get(a.json.file!.id)).status).toBe(200);
    expect((await get(n.json.file!.id)).status).toBe(200);
    await signInAs(DEMO_STUDENTS[2]!.code); // Maya: not in Biology
    expect((await get(a.json.file!.id)).status).toBe(404);
    await signInAs("parent-kim");
    expect((await get(a.json.file!.id)).status).toBe(404);
  });

  it("deleting an assignment removes its files' objects, each removal audited", async () => {
    const [a] = await db()
      .insert(assignments)
      .values({ levelCode: BIO, title: "Handout only", description: "", maxScore: 5 })
      .returning({ id: assignments.id });
    await signInAs(CHEN);
    const up = await upload("assignment", a!.id, "handout.pdf", fakePdf(4000));
    const [row] = await db().select().from(files).where(eq(files.id, up.json.file!.id));
    expect(await storage.get(row!.storageKey)).not.toBeNull();
    expect(await deleteAssignment({ levelCode: BIO, assignmentId: a!.id })).toMatchObject({ ok: true });
    await sweepFiles(new Date(), { scanOrphans: false });
    expect(await storage.get(row!.storageKey)).toBeNull();
    const [audit] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'file.removed' and detail->>'fileId' = ${String(row!.id)}`,
    );
    expect(audit!.n).toBe(1);
  });

  it("an object no row points to (a crash before the row) is swept; objects with rows stay", async () => {
    const orphan = "f/2026/0123456789abcdef0123456789abcdef";
    const src = path.join(dataDir, "orphan.bin");
    fs.writeFileSync(src, "left behind");
    await storage.put(orphan, src, 11, "application/octet-stream");
    const kept = await db().select({ key: files.storageKey }).from(files);
    expect(kept.length).toBeGreaterThan(0);
    await sweepFiles(new Date(Date.now() + 2 * 3600_000));
    expect(await storage.get(orphan)).toBeNull();
    for (const k of kept) expect(await storage.get(k.key), k.key).not.toBeNull();
  });

  it("an object only another school's row points to is that school's, not an orphan (issue 42)", async () => {
    const [moved] = await db().select({ id: files.id, key: files.storageKey }).from(files).limit(1);
    // As the tables' owner: the file's row becomes a second school's, out of this school's sight.
    await dbHandle().ownerDb.execute(
      sql`insert into schools (id, name) values (2, 'Second school') on conflict do nothing`,
    );
    await dbHandle().ownerDb.execute(sql`update files set school_id = 2 where id = ${moved!.id}`);
    expect(await db().select().from(files).where(eq(files.id, moved!.id))).toEqual([]);
    await sweepFiles(new Date(Date.now() + 2 * 3600_000));
    expect(await storage.get(moved!.key)).not.toBeNull();
    await dbHandle().ownerDb.execute(sql`update files set school_id = 1 where id = ${moved!.id}`);
  });
});
