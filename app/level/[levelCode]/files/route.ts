import { z } from "zod";
import { AccessDenied, requireClassAccess, requireUser } from "@/lib/auth/guards";
import { canActAsStudent } from "@/lib/auth/policy";
import { safeDecode } from "@/lib/domain/url";
import { deniedStatus } from "@/lib/export/responses";
import { ingestUpload } from "@/lib/files/ingest";
import { targetInLevel } from "@/lib/files/records";
import { sameOrigin } from "@/lib/http";
import { translateUploadMessage } from "@/lib/i18n/action-message";

const query = z.object({
  kind: z.enum(["submission", "assignment", "announcement"]),
  id: z.coerce.number().int().positive().max(2_147_483_647),
  // The hand-in dialog a student's upload belongs to: a random id it makes when it opens.
  draft: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});

// A refusal's message in the uploader's language (issue 31); the route's returns keep the spec's English.
const json = async (status: number, body: Record<string, unknown>) =>
  Response.json(
    typeof body.message === "string" ? { ...body, message: await translateUploadMessage(body.message) } : body,
    {
      status,
      headers: { "cache-control": "no-store" },
    },
  );

/**
 * Upload one attachment (issue 33): POST multipart/form-data with one file, to
 * ?kind=submission&id=<assignment>&draft=<dialog> (a student, staged until the submission is sent),
 * ?kind=assignment&id=<assignment> or ?kind=announcement&id=<announcement> (the class's teacher).
 * Who may upload is decided before a byte of the body is read. proxy.ts does not run here, so
 * Next.js never buffers this body (its copy for the proxy stops at 10 MB): it is streamed to disk
 * under the route's own cap (lib/files/receive.ts).
 */
export async function POST(request: Request, { params }: { params: Promise<{ levelCode: string }> }) {
  if (!sameOrigin(request)) return json(403, { ok: false, message: "Forbidden" });
  const levelCode = safeDecode((await params).levelCode);
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return json(400, { ok: false, message: "Say what the file is for." });
  const { kind, id, draft } = parsed.data;
  try {
    const user = await requireUser();
    if (kind === "submission") {
      if (!canActAsStudent(user, user.id)) return json(403, { ok: false, message: "Only students hand in work." });
      await requireClassAccess(levelCode, "view");
    } else {
      await requireClassAccess(levelCode, "teach");
    }
    const kindForTarget = kind === "announcement" ? "announcement" : "assignment";
    if (!(await targetInLevel(kindForTarget, id, levelCode)))
      return json(404, { ok: false, message: `That ${kindForTarget} is not in this class.` });
    const result = await ingestUpload(request, {
      levelCode,
      kind,
      targetId: id,
      uploaderId: user.id,
      draftId: kind === "submission" ? (draft ?? null) : null,
      quota: user.role === "student",
    });
    return await ("file" in result
      ? json(201, { ok: true, file: result.file })
      : json(result.status, { ok: false, message: result.message }));
  } catch (err) {
    if (err instanceof AccessDenied) return json(deniedStatus(err), { ok: false, message: err.message });
    console.error("upload failed:", err);
    return json(500, { ok: false, message: "The file could not be uploaded. Please try again." });
  }
}
