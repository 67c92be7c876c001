import { requireAdmin } from "@/lib/auth/guards";
import { dateInTimeZone } from "@/lib/domain/dates";
import { schoolTimeZone } from "@/lib/env";
import { oneRosterZip } from "@/lib/export/oneroster";
import { download, guard, messageResponse } from "@/lib/export/responses";
import { msg } from "@/lib/i18n/message";
import { currentSchoolName } from "@/lib/school-name";

/**
 * The whole school as a OneRoster 1.1 CSV zip (lib/export/oneroster.ts): admins only. People,
 * classes, enrollments, guardians and grades, never an access code.
 */
export async function GET(): Promise<Response> {
  const refused = await guard(requireAdmin);
  if (refused) return refused;
  try {
    const timeZone = schoolTimeZone();
    const zip = await oneRosterZip({ schoolName: await currentSchoolName(), timeZone });
    return download(zip, `oneroster-${dateInTimeZone(new Date(), timeZone)}.zip`, "application/zip");
  } catch (err) {
    console.error("OneRoster export failed:", err);
    return await messageResponse(500, msg("exports.oneRosterFailed"));
  }
}
