import { z } from "zod";
import { db } from "@/lib/db/client";
import { files } from "@/lib/db/schema";
import { eq } from "drizzle-orm";
import { AccessDenied, requireUser } from "@/lib/auth/guards";
import { deniedStatus, messageResponse } from "@/lib/export/responses";
import { readableFile, removableFile } from "@/lib/files/access";
import { fileResponse } from "@/lib/files/serve";
import { drainTrash } from "@/lib/files/sweep";
import { sameOrigin } from "@/lib/http";
import { msg } from "@/lib/i18n/message";
import { concludedYearOf, requireWritable } from "@/lib/years/conclusion";

const fileId = z.coerce.number().int().positive().max(2_147_483_647);
const NOT_FOUND = msg("uploads.fileNotFound");

/**
 * One attachment (?inline=1 to show it in the page, ?thumb=1 for an image's thumbnail), under the
 * rule of the record it belongs to (lib/auth/policy.ts canReadFile). A file the caller may not
 * read is answered exactly like one that does not exist. Answers in the reader's language.
 */
export async function GET(request: Request, { params }: { params: Promise<{ fileId: string }> }) {
  const id = fileId.safeParse((await params).fileId);
  if (!id.success) return messageResponse(404, NOT_FOUND);
  try {
    const user = await requireUser();
    const file = await readableFile(id.data, user);
    if (!file) return messageResponse(404, NOT_FOUND);
    const q = new URL(request.url).searchParams;
    const res = await fileResponse(file, { inline: q.get("inline") === "1", thumb: q.get("thumb") === "1" });
    return res ?? messageResponse(404, NOT_FOUND);
  } catch (err) {
    if (err instanceof AccessDenied) return messageResponse(deniedStatus(err), err.refusal);
    console.error("file download failed:", err);
    return messageResponse(500, msg("uploads.openFailed"));
  }
}

/** Removes an attachment: a student's own file not yet handed in, or a teacher's file on their class. */
export async function DELETE(request: Request, { params }: { params: Promise<{ fileId: string }> }) {
  if (!sameOrigin(request)) return messageResponse(403, msg("uploads.forbidden"));
  const id = fileId.safeParse((await params).fileId);
  if (!id.success) return messageResponse(404, NOT_FOUND);
  try {
    const user = await requireUser();
    const file = await removableFile(id.data, user);
    if (!file) return messageResponse(404, NOT_FOUND);
    // A concluded class's files are its records too (issue 41): kept as they were.
    requireWritable({ concludedYear: await concludedYearOf(file.levelCode) });
    // The trigger queues the object; the queue is drained now, and by the sweep if this fails.
    await db().delete(files).where(eq(files.id, file.id));
    await drainTrash().catch((err) => console.warn("file removal queued:", err));
    return Response.json({ ok: true }, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    if (err instanceof AccessDenied) return messageResponse(deniedStatus(err), err.refusal);
    console.error("file removal failed:", err);
    return messageResponse(500, msg("uploads.removeFailed"));
  }
}
