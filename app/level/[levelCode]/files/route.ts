import { z } from "zod";
import { AccessDenied, requireClassAccess, requireUser } from "@/lib/auth/guards";
import { requireWritable } from "@/lib/years/conclusion";
import { canActAsStudent } from "@/lib/auth/policy";
import { safeDecode } from "@/lib/domain/url";
import { deniedStatus } from "@/lib/export/responses";
import { ingestUpload } from "@/lib/files/ingest";
import { targetInLevel } from "@/lib/files/records";
import { sameOrigin } from "@/lib/http";
import { msg, type Message } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { answerLocale } from "@/lib/i18n/request-locale";

const query = z.object({
  kind: z.enum(["submission", "assignment", "announcement"]),
  id: z.coerce.number().int().positive().max(2_147_483_647),
  // The hand-in dialog a student's upload belongs to: a random id it makes when it opens.
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
 * ?kind=assignment&id=<assignment> or ?kind=announcement&id=<announcement> (the class's teacher).
 * Who may upload is decided before a byte of the body is read. proxy.ts does not run here, so
 * Next.js never buffers this body (its copy for the proxy stops at 10 MB): it is streamed to disk
 * under the route's own cap (lib/files/receive.ts).
 */
export async function POST(request: Request, { params }: { params: Promise<{ levelCode: string }> }) {
  if (!sameOrigin(request)) return refuse(403, msg("uploads.forbidden"));
  const levelCode = safeDecode((await params).levelCode);
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return refuse(400, msg("uploads.whatFor"));
  const { kind, id, draft } = parsed.data;
  try {
    const user = await requireUser();
    if (kind === "submission") {
      if (!canActAsStudent(user, user.id)) return refuse(403, msg("uploads.onlyStudents"));
      requireWritable((await requireClassAccess(levelCode, "view")).level);
    } else {
      requireWritable((await requireClassAccess(levelCode, "teach")).level);
    }
    const kindForTarget = kind === "announcement" ? "announcement" : "assignment";
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
      draftId: kind === "submission" ? (draft ?? null) : null,
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
