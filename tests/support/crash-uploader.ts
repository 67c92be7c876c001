// Uploads one file after another through the app's own ingest path (stream → check → store →
// row), printing "STORED n" after each row has committed. tests/files-crash.integration.test.ts
// kills this process with SIGKILL at some point of an upload.
import crypto from "node:crypto";
import { db, openPglite, openPostgres, setDbHandle } from "@/lib/db/client";
import { assignmentSubmissions } from "@/lib/db/schema";
import { ingestUpload } from "@/lib/files/ingest";
import { handInFiles } from "@/lib/files/records";

const [engine, target, levelCode, assignmentId, studentId] = process.argv.slice(2);
setDbHandle(engine === "pglite" ? openPglite(target!) : openPostgres(target!));

function body(bytes: Uint8Array) {
  const boundary = "----crash" + crypto.randomBytes(6).toString("hex");
  const enc = new TextEncoder();
  async function* parts() {
    yield enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="page.pdf"\r\n\r\n`);
    for (let i = 0; i < bytes.length; i += 64 * 1024) {
      await new Promise((r) => setTimeout(r, 3));
      yield bytes.subarray(i, i + 64 * 1024);
    }
    yield enc.encode(`\r\n--${boundary}--\r\n`);
  }
  const it = parts();
  const stream = new ReadableStream<Uint8Array>({
    async pull(c) {
      const next = await it.next();
      if (next.done) c.close();
      else c.enqueue(next.value);
    },
  });
  return { stream, type: `multipart/form-data; boundary=${boundary}` };
}

for (let n = 1; ; n++) {
  const bytes = crypto.randomBytes(1024 * 1024);
  bytes.write("%PDF-1.4\n", 0, "latin1");
  const b = body(bytes);
  const res = await ingestUpload(
    new Request("http://localhost/upload", {
      method: "POST",
      body: b.stream,
      headers: { "content-type": b.type },
      duplex: "half",
    } as RequestInit),
    {
      levelCode: levelCode!,
      kind: "submission",
      targetId: Number(assignmentId),
      uploaderId: Number(studentId),
      draftId: null,
      quota: false,
    },
  );
  if (res.status !== 201) throw new Error(`upload ${n}: ${res.status}`);
  // Handed in, so the next upload has a free slot (10 staged files at most).
  await db().transaction(async (tx) => {
    const [sub] = await tx
      .insert(assignmentSubmissions)
      .values({ assignmentId: Number(assignmentId), studentId: Number(studentId), content: `upload ${n}` })
      .returning({ id: assignmentSubmissions.id });
    await handInFiles(tx, {
      studentId: Number(studentId),
      assignmentId: Number(assignmentId),
      submissionId: sub!.id,
      fileIds: [res.file.id],
    });
  });
  process.stdout.write(`STORED ${n}\n`);
}
