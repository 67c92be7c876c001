// npm run bench:files — upload and download throughput of a 20 MB file through the attachment
// pipeline (multipart parse → type check → hash → store → row; and the download stream), on disk
// and on S3 (a local s3rver), with the process's peak memory. Not a test: figures for the README.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openPglite, queryRows, setDbHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { seedDemoSchool } from "@/lib/db/seed";
import { resetEnvCache, schoolLocale } from "@/lib/env";
import { diskStorage } from "@/lib/files/disk";
import { setFileStorage } from "@/lib/files/index";
import { ingestUpload } from "@/lib/files/ingest";
import { s3Storage } from "@/lib/files/s3";
import { fileResponse } from "@/lib/files/serve";
import { render } from "@/lib/i18n/render";
import { startTestS3 } from "../tests/support/s3";

const MB = 1024 * 1024;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "files-bench-"));
process.env.DATA_DIR = dataDir;
resetEnvCache();
const handle = openPglite(null);
await runMigrations(handle);
await seedDemoSchool(handle.db, { timeZone: "UTC" });
setDbHandle(handle);
const [t] = await queryRows<{ level_code: string; assignment_id: number; student_id: number }>(sql`
  select e.level_code, e.student_id, (select id from assignments a where a.level_code = e.level_code limit 1) as assignment_id
  from student_enrollment e limit 1`);
const s3 = await startTestS3("bench-files");

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);

function multipart(bytes: Uint8Array) {
  const boundary = "----bench" + crypto.randomBytes(6).toString("hex");
  const enc = new TextEncoder();
  const chunks = [
    enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\n\r\n`),
    ...Array.from({ length: Math.ceil(bytes.length / (64 * 1024)) }, (_, i) =>
      bytes.subarray(i * 64 * 1024, (i + 1) * 64 * 1024),
    ),
    enc.encode(`\r\n--${boundary}--\r\n`),
  ];
  let i = 0;
  return {
    body: new ReadableStream<Uint8Array>({ pull: (c) => (i < chunks.length ? c.enqueue(chunks[i++]) : c.close()) }),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

const bytes = crypto.randomBytes(20 * MB);
bytes.write("%PDF-1.4\n", 0, "latin1");
for (const [label, storage] of [
  ["disk", diskStorage(path.join(dataDir, "files"))],
  [
    "S3 (s3rver on loopback)",
    s3Storage({
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    }),
  ],
] as const) {
  setFileStorage(storage);
  for (let run = 0; run < 3; run++) {
    peakRss = process.memoryUsage().rss;
    const before = peakRss;
    const m = multipart(bytes);
    const t0 = performance.now();
    const res = await ingestUpload(
      new Request("http://localhost/u", {
        method: "POST",
        body: m.body,
        headers: { "content-type": m.type },
        duplex: "half",
      } as RequestInit),
      {
        levelCode: t!.level_code,
        kind: "assignment",
        targetId: t!.assignment_id,
        uploaderId: t!.student_id,
        draftId: null,
        quota: false,
      },
    );
    const t1 = performance.now();
    if (!("file" in res)) throw new Error(render(res.message, schoolLocale()));
    const [row] = await queryRows<{ storage_key: string; thumb_key: string | null }>(
      sql`select storage_key, thumb_key from files where id = ${res.file.id}`,
    );
    const dl = await fileResponse(
      {
        id: res.file.id,
        levelCode: t!.level_code,
        kind: "assignment",
        uploaderId: t!.student_id,
        submissionId: null,
        storageKey: row!.storage_key,
        thumbKey: row!.thumb_key,
        name: res.file.name,
        mime: res.file.mime,
        size: res.file.size,
      },
      { inline: false, thumb: false },
    );
    const hash = crypto.createHash("sha256");
    for await (const c of dl!.body as unknown as AsyncIterable<Uint8Array>) hash.update(c);
    const t2 = performance.now();
    const ok = hash.digest("hex") === crypto.createHash("sha256").update(bytes).digest("hex");
    await handle.db.execute(sql`delete from files where id = ${res.file.id}`);
    console.log(
      `${label} run ${run + 1}: upload ${(20 / ((t1 - t0) / 1000)).toFixed(0)} MB/s (${(t1 - t0).toFixed(0)} ms), ` +
        `download ${(20 / ((t2 - t1) / 1000)).toFixed(0)} MB/s (${(t2 - t1).toFixed(0)} ms), hash ${ok ? "equal" : "DIFFERENT"}, ` +
        `peak RSS +${((peakRss - before) / MB).toFixed(0)} MB (${(peakRss / MB).toFixed(0)} MB in all)`,
    );
  }
}
clearInterval(sampler);
await s3.close();
await handle.close();
fs.rmSync(dataDir, { recursive: true, force: true });
