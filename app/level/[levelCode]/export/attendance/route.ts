import { requireClassAccess } from "@/lib/auth/guards";
import { safeDecode } from "@/lib/domain/url";
import { attendanceCsv } from "@/lib/export/attendance";
import { readerLocale } from "@/lib/i18n/recipient-request";
import { parseRange } from "@/lib/export/range";
import { download, guard, messageResponse } from "@/lib/export/responses";
import { msg } from "@/lib/i18n/message";

/**
 * The class's attendance records from `from` to `to` (YYYY-MM-DD, both included, at most 400
 * days) as CSV, one row per student per day (lib/export/attendance.ts): the class's own
 * instructor and admins only.
 */
export async function GET(request: Request, { params }: { params: Promise<{ levelCode: string }> }): Promise<Response> {
  const levelCode = safeDecode((await params).levelCode);
  const refused = await guard(() => requireClassAccess(levelCode, "teach"));
  if (refused) return refused;
  const range = parseRange(new URL(request.url).searchParams);
  if (!range.ok) return messageResponse(400, range.message);
  try {
    const { csv } = await attendanceCsv(levelCode, range.from, range.to, await readerLocale());
    return download(csv, `attendance-${levelCode}-${range.from}-to-${range.to}.csv`, "text/csv; charset=utf-8");
  } catch (err) {
    console.error("attendance export failed:", err);
    return await messageResponse(500, msg("exports.attendanceFailed"));
  }
}
