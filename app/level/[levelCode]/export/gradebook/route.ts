import { requireClassAccess } from "@/lib/auth/guards";
import { safeDecode } from "@/lib/domain/url";
import { dateInTimeZone } from "@/lib/domain/dates";
import { schoolTimeZone } from "@/lib/env";
import { gradebookCsv } from "@/lib/export/gradebook";
import { readerLocale } from "@/lib/i18n/recipient-request";
import { parseTermChoice } from "@/lib/gradebook/term-grades";
import { download, guard, messageResponse } from "@/lib/export/responses";
import { msg } from "@/lib/i18n/message";

/**
 * The class's gradebook for a term as CSV (lib/export/gradebook-layout.ts): the class's own
 * instructor and admins only, like every teaching screen (requireClassAccess "teach").
 */
export async function GET(request: Request, { params }: { params: Promise<{ levelCode: string }> }): Promise<Response> {
  const levelCode = safeDecode((await params).levelCode);
  const refused = await guard(() => requireClassAccess(levelCode, "teach"));
  if (refused) return refused;
  try {
    // ?term=<id>|year (default: today's term), like every term screen.
    const choice = parseTermChoice(new URL(request.url).searchParams.get("term") ?? undefined);
    const { csv, term } = await gradebookCsv(levelCode, choice, schoolTimeZone(), await readerLocale());
    const slug = (term ?? "whole year")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    return download(
      csv,
      `gradebook-${levelCode}-${slug}-${dateInTimeZone(new Date(), schoolTimeZone())}.csv`,
      "text/csv; charset=utf-8",
    );
  } catch (err) {
    console.error("gradebook export failed:", err);
    return await messageResponse(500, msg("exports.gradebookFailed"));
  }
}
