// npm run uploadtest: students' uploads through the production server (`next start` with proxy.ts,
// as deployed), sent the way a phone on a slow connection sends them: a multipart body with its
// Content-Length, written a little at a time. On disk and on S3 (s3rver), files of 12 and 24 MB
// must arrive whole (read back byte for byte), and one of 25 MB + 1 byte must be answered 413 with
// a message that names 25 MB in the reader's language. Route-handler tests call the handler
// directly and never meet what sits in front of it (Next's 10 MB cap on bodies the proxy reads).
import crypto from "node:crypto";
import http from "node:http";
import { DEMO_STUDENTS } from "@/lib/db/demo-school";
import { startTestS3 } from "../tests/support/s3";
import { freePort, freshTarget, PortalServer } from "./lib/portal-server";

const MB = 1024 * 1024;
const LEVEL = "BIO-P2";
const STUDENT = DEMO_STUDENTS[0]!.code; // Ava, enrolled in Biology
/** Bytes per write and the pause between writes: about 6 MB/s, so 24 MB take four seconds. */
const CHUNK = 64 * 1024;
const PAUSE_MS = 10;

interface Answer {
  status: number;
  body: string;
}

/** A PDF-looking body of `size` bytes (the type is decided by content, and a PDF is stored as sent). */
function pdfOf(size: number): Buffer {
  const bytes = crypto.randomBytes(size);
  bytes.write("%PDF-1.4\n", 0, "latin1");
  return bytes;
}

/** POSTs one file as multipart/form-data with its Content-Length, a chunk at a time. */
function slowUpload(base: string, path: string, cookie: string, name: string, file: Buffer): Promise<Answer> {
  const boundary = `----upload${crypto.randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, file, tail]);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, {
      method: "POST",
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(body.length),
        origin: base,
        cookie,
      },
    });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
    });
    // The server may answer (413) and close before the last bytes are written: that is its right.
    req.on("error", (err) => (answered ? undefined : reject(err)));
    void (async () => {
      for (let i = 0; i < body.length && !answered; i += CHUNK) {
        if (!req.write(body.subarray(i, i + CHUNK))) await new Promise((r) => req.once("drain", r));
        await new Promise((r) => setTimeout(r, PAUSE_MS));
      }
      req.end();
    })().catch(reject);
  });
}

const sha = (b: Buffer) => crypto.createHash("sha256").update(b).digest("hex");

/** The first assignment on Biology's page, as the student sees it. */
async function assignmentId(server: PortalServer, cookie: string): Promise<number> {
  const html = await (await fetch(`${server.base}/level/${LEVEL}?tab=assignments`, { headers: { cookie } })).text();
  const id = /id="assignment-(\d+)"/.exec(html)?.[1];
  if (!id) throw new Error("no assignment on the class page");
  return Number(id);
}

/** A production server of its own on a fresh database, with this storage. */
async function startServer(label: string, extraEnv: Record<string, string>) {
  const target = await freshTarget();
  const server = new PortalServer(target, await freePort(), undefined, extraEnv);
  const t0 = Date.now();
  const started = server.start().then(() => {
    console.log(`${label}: server ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  });
  started.catch(() => undefined); // awaited with the other server's start, in main()
  return { label, server, started, stop: () => server.stop("SIGKILL").then(() => target.cleanup()) };
}

async function checkStorage(label: string, server: PortalServer): Promise<string[]> {
  const failures: string[] = [];
  const cookie = await server.signIn(STUDENT);
  const path = `/level/${LEVEL}/files?kind=submission&id=${await assignmentId(server, cookie)}&draft=${crypto.randomUUID()}`;
  for (const size of [12 * MB, 24 * MB]) {
    const file = pdfOf(size);
    const t1 = Date.now();
    const up = await slowUpload(server.base, path, cookie, `scan-${size / MB}mb.pdf`, file);
    const seconds = ((Date.now() - t1) / 1000).toFixed(1);
    const id = up.status === 201 ? (JSON.parse(up.body) as { file: { id: number } }).file.id : null;
    if (id === null) {
      failures.push(`${label}: ${size / MB} MB answered ${up.status} ${up.body}`);
      continue;
    }
    const back = Buffer.from(await (await fetch(`${server.base}/files/${id}`, { headers: { cookie } })).arrayBuffer());
    if (sha(back) !== sha(file)) failures.push(`${label}: ${size / MB} MB stored ${back.length} bytes, not the file`);
    else console.log(`${label}: ${size / MB} MB uploaded in ${seconds} s and read back byte for byte`);
  }

  const over = await slowUpload(server.base, path, `${cookie}; portal_locale=es`, "too-big.pdf", pdfOf(25 * MB + 1));
  const message = (JSON.parse(over.body || "{}") as { message?: string }).message ?? "";
  if (over.status !== 413 || message !== "El archivo es demasiado grande: como máximo 25 MB.")
    failures.push(`${label}: 25 MB + 1 byte answered ${over.status} "${message}"`);
  else console.log(`${label}: 25 MB + 1 byte answered 413 "${message}"`);
  return failures;
}

/**
 * proxy.ts does not run on the upload route (decision 023), so the route refuses itself what the
 * proxy would have: a cross-site POST, and a class code that is not UTF-8 or holds a NUL (no 500).
 */
async function checkWithoutProxy(server: PortalServer): Promise<string[]> {
  const cookie = await server.signIn(STUDENT);
  const post = (path: string, headers: Record<string, string>) =>
    fetch(`${server.base}${path}`, { method: "POST", headers: { cookie, ...headers }, body: "x" });
  const failures: string[] = [];
  const crossSite = await post(`/level/${LEVEL}/files?kind=submission&id=1`, {
    origin: "https://elsewhere.example",
    "next-action": "0".repeat(40),
  });
  if (crossSite.status !== 403) failures.push(`a cross-site POST answered ${crossSite.status}`);
  for (const code of ["%00", "%C0%80"]) {
    const res = await post(`/level/${code}/files?kind=submission&id=1`, { origin: server.base });
    if (res.status !== 400) failures.push(`/level/${code}/files answered ${res.status}`);
  }
  if (failures.length === 0) console.log("without the proxy: cross-site 403, bad class codes 400");
  return failures;
}

async function main() {
  const s3 = await startTestS3();
  // Both servers start together (most of a start is waiting on the database's migrations and the
  // demo school); the uploads then run one storage at a time.
  const servers = [
    await startServer("disk", {}),
    await startServer("S3 (s3rver)", {
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    }),
  ];
  const failures: string[] = [];
  try {
    await Promise.all(servers.map((s) => s.started));
    for (const s of servers) failures.push(...(await checkStorage(s.label, s.server)));
    failures.push(...(await checkWithoutProxy(servers[0]!.server)));
  } finally {
    for (const s of servers) await s.stop();
    await s3.close();
  }
  for (const f of failures) console.error(`upload test FAILED: ${f}`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((err) => {
  console.error(`upload test failed: ${(err as Error).stack ?? String(err)}`);
  process.exit(1);
});
