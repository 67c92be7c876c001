import crypto from "node:crypto";
import { GET as fileRoute } from "@/app/files/[fileId]/route";
import { POST as uploadRoute } from "@/app/level/[levelCode]/files/route";

// One attachment sent through the upload route as a browser's form would send it, and a file read
// back through the download route, as the signed-in test user (tests/support/session.ts).

export interface UploadAnswer {
  status: number;
  json: { ok: boolean; message?: string; file?: { id: number; name: string; mime: string; size: number } };
}

export async function uploadFile(
  target: { levelCode: string; kind: "submission" | "assignment" | "announcement"; id: number },
  name: string,
  content: Uint8Array,
): Promise<UploadAnswer> {
  const boundary = `----portal${crypto.randomBytes(8).toString("hex")}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await uploadRoute(
    new Request(`http://localhost/level/${target.levelCode}/files?kind=${target.kind}&id=${target.id}`, {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    }),
    { params: Promise.resolve({ levelCode: target.levelCode }) },
  );
  return { status: res.status, json: (await res.json()) as UploadAnswer["json"] };
}

export function downloadFile(id: number, query = ""): Promise<Response> {
  return fileRoute(new Request(`http://localhost/files/${id}${query}`), {
    params: Promise.resolve({ fileId: String(id) }),
  });
}
