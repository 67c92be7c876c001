import { z } from "zod";
import { AccessDenied, requireClassAccess, requireUser } from "@/lib/auth/guards";
import { requireWritable } from "@/lib/years/conclusion";
import { canActAsStudent, canWritePrivateComments } from "@/lib/auth/policy";
import { threadFactsFor } from "@/lib/class-work/comments";
import { safeDecode } from "@/lib/domain/url";
import { deniedStatus } from "@/lib/export/responses";
import { ingestUpload } from "@/lib/files/ingest";
import { targetInLevel } from "@/lib/files/records";
import { sameOrigin } from "@/lib/http";
import { msg, type Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { answerLocale } from "@/lib/i18n/request-locale";

const query = z.object({
  kind: z.enum(["submission", "assignment", "announcement", "comment"]),
  id: z.coerce.number().int().positive().max(2_147_483_647),
  // A private comment's upload (issue 44): whose thread, the student's id.
  student: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  // The dialog an upload belongs to (a student's hand-in, a comment box): a random id it makes when it opens.
  draft: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});

const NO_STORE = { "cache-control": "no-store" };

/**
 * A refusal (issue 40): made as a descriptor here and in lib/files, written in the uploader's language
 * only here (the school's if it cannot be read: the route answers from its own error handler too).
 */
const refuse = async (status: number, message: Message) =>
  Response.json({ ok: false, message: render(message, await answerLocale("upload")) }, { status, headers: NO_STORE });

/**
 * Upload one attachment (issue 33): POST multipart/form-data with one file, to
 * ?kind=submission&id=<assignment>&draft=<dialog> (a student, staged until the submission is sent),
 * ?kind=assignment&id=<assignment> or ?kind=announcement&id=<announcement> (the class's teacher), or
 * ?kind=comment&id=<assignment>&student=<student>&draft=<box> (whoever may write that private thread:
 * the student, the class's staff; staged until the comment is posted, decision 033).
 * Who may upload is decided before a byte of the body is read. proxy.ts does not run here, so
 * Next.js never buffers this body (its copy for the proxy stops at 10 MB): it is streamed to disk
 * under the route's own cap (lib/files/receive.ts).
 */
export async function POST(request: Request, { params }: { params: Promise<{ levelCode: string }> }) {
  if (!sameOrigin(request)) return refuse(403, msg("uploads.forbidden"));
  const levelCode = safeDecode((await params).levelCode);
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return refuse(400, msg("uploads.whatFor"));
  const { kind, id, draft, student } = parsed.data;
  if (kind === "comment" && (student === undefined || draft === undefined)) return refuse(400, msg("uploads.whatFor"));
  try {
    const user = await requireUser();
    if (kind === "comment") {
      // The thread's own rule (canWritePrivateComments): another student's, another class's, a
      // guardian: answered as a thread that does not exist, like the comment actions.
      const { level } = await requireClassAccess(levelCode, "view");
      requireWritable(level);
      const facts = await threadFactsFor(user, level, id, student!);
      if (!facts || !canWritePrivateComments(user, facts)) return refuse(404, msg("privateComments.actions.notFound"));
    } else if (kind === "submission") {
      if (!canActAsStudent(user, user.id)) return refuse(403, msg("uploads.onlyStudents"));
      requireWritable((await requireClassAccess(levelCode, "view")).level);
    } else {
      requireWritable((await requireClassAccess(levelCode, "teach")).level);
    }
    const kindForTarget = kind === "announcement" ? "announcement" : "assignment"; // a comment's: its thread's assignment
    if (!(await targetInLevel(kindForTarget, id, levelCode)))
      return refuse(
        404,
        msg(kindForTarget === "assignment" ? "uploads.assignmentNotHere" : "uploads.announcementNotHere"),
      );
    const result = await ingestUpload(request, {
      levelCode,
      kind,
      targetId: id,
      uploaderId: user.id,
      draftId: kind === "submission" || kind === "comment" ? (draft ?? null) : null,
      quota: user.role === "student",
    });
    return "file" in result
      ? Response.json({ ok: true, file: result.file }, { status: 201, headers: NO_STORE })
      : await refuse(result.status, result.message);
  } catch (err) {
    if (err instanceof AccessDenied) return refuse(deniedStatus(err), err.refusal);
    console.error("upload failed:", err);
    return refuse(500, msg("uploads.failed"));
  }
}
