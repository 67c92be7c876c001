import { requireClassAccess } from "@/lib/auth/guards";
import { safeDecode } from "@/lib/domain/url";
import { dateInTimeZone } from "@/lib/domain/dates";
import { schoolTimeZone } from "@/lib/env";
import { gradebookCsv } from "@/lib/export/gradebook";
import { download, guard, textResponse } from "@/lib/export/responses";

/**
 * The class's gradebook as CSV (lib/export/gradebook-layout.ts): the class's own instructor and
 * admins only, like every teaching screen (requireClassAccess "teach").
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ levelCode: string }> },
): Promise<Response> {
  const levelCode = safeDecode((await params).levelCode);
  const refused = await guard(() => requireClassAccess(levelCode, "teach"));
  if (refused) return refused;
  try {
    const csv = await gradebookCsv(levelCode);
    return download(
      csv,
      `gradebook-${levelCode}-${dateInTimeZone(new Date(), schoolTimeZone())}.csv`,
      "text/csv; charset=utf-8",
    );
  } catch (err) {
    console.error("gradebook export failed:", err);
    return textResponse(500, "The gradebook could not be exported. Please try again.");
  }
}
