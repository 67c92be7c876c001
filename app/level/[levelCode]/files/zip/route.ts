import { z } from "zod";
import { requireClassAccess } from "@/lib/auth/guards";
import { safeDecode } from "@/lib/domain/url";
import { fileNamePart, guard, messageResponse } from "@/lib/export/responses";
import { targetInLevel } from "@/lib/files/records";
import { assignmentZipEntries, zipStream } from "@/lib/files/zip";
import { msg } from "@/lib/i18n/message";

const query = z.object({ assignmentId: z.coerce.number().int().positive().max(2_147_483_647) });

/**
 * "Download all": one zip of an assignment's handed-in files, a folder per student (the class's teacher
 * and admins). Refusals in the reader's language.
 */
export async function GET(request: Request, { params }: { params: Promise<{ levelCode: string }> }) {
  const levelCode = safeDecode((await params).levelCode);
  const refused = await guard(() => requireClassAccess(levelCode, "teach"));
  if (refused) return refused;
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success || !(await targetInLevel("assignment", parsed.data.assignmentId, levelCode)))
    return messageResponse(404, msg("uploads.assignmentNotHere"));
  try {
    const entries = await assignmentZipEntries(parsed.data.assignmentId);
    return new Response(zipStream(entries), {
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${fileNamePart(`${levelCode}-assignment-${parsed.data.assignmentId}`)}.zip"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (err) {
    console.error("zip download failed:", err);
    return messageResponse(500, msg("uploads.collectFailed"));
  }
}
