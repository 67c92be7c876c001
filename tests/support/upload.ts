import crypto from "node:crypto";
import { GET as fileRoute } from "@/app/files/[fileId]/route";
import { POST as uploadRoute } from "@/app/level/[levelCode]/files/route";

/** A multipart body streamed in chunks, optionally slowly (a phone on a poor connection). */
export function multipart(name: string, content: Uint8Array | (() => AsyncGenerator<Uint8Array>), delayMs = 0) {
  const boundary = `----portal${crypto.randomBytes(8).toString("hex")}`;
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield head;
    if (content instanceof Uint8Array) {
      for (let i = 0; i < content.length; i += 256 * 1024) {
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        yield content.subarray(i, i + 256 * 1024);
      }
    } else yield* content();
    yield tail;
  }
  const it = parts();
  const body = new ReadableStream<Uint8Array>({
    async pull(c) {
      const n = await it.next();
      if (n.done) c.close();
      else c.enqueue(n.value);
    },
  });
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

export interface Uploaded {
  status: number;
  json: { ok: boolean; message?: string; file?: { id: number; name: string; mime: string } };
}

/** One file to the upload route handler, as the attachment picker sends it (draft: its dialog). */
export async function uploadFile(
  levelCode: string,
  target: { kind: string; id: number; draft?: string },
  name: string,
  content: Uint8Array,
  delayMs = 0,
): Promise<Uploaded> {
  const m = multipart(name, content, delayMs);
  const draft = target.draft ? `&draft=${target.draft}` : "";
  const res = await uploadRoute(
    new Request(`http://localhost/level/${levelCode}/files?kind=${target.kind}&id=${target.id}${draft}`, {
      method: "POST",
      body: m.body,
      headers: { "content-type": m.type },
      duplex: "half",
    } as RequestInit),
    { params: Promise.resolve({ levelCode }) },
  );
  return { status: res.status, json: (await res.json()) as Uploaded["json"] };
}

/** A PDF-looking file of `size` bytes (types are decided by content; a PDF is stored as sent). */
export function fakePdf(size: number): Uint8Array {
  const b = crypto.randomBytes(size);
  b.write("%PDF-1.4\n", 0, "latin1");
  return new Uint8Array(b);
}

/** A file read back through the download route, as the signed-in test user (tests/support/session.ts). */
export function downloadFile(id: number, query = ""): Promise<Response> {
  return fileRoute(new Request(`http://localhost/files/${id}${query}`), {
    params: Promise.resolve({ fileId: String(id) }),
  });
}
