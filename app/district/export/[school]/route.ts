import { requireDistrictAdmin } from "@/lib/auth/guards";
import { withSchool } from "@/lib/db/school-scope";
import { dateInTimeZone } from "@/lib/domain/dates";
import { schoolTimeZone } from "@/lib/env";
import { oneRosterZip } from "@/lib/export/oneroster";
import { download, guard, messageResponse } from "@/lib/export/responses";
import { msg } from "@/lib/i18n/message";
import { districtSchool } from "@/lib/district/overview";
import { currentSchoolName } from "@/lib/school-name";

/**
 * One school's OneRoster zip from /district (issue 42): district admins only, read in that school
 * under its own row-level security, as its admin's own export (app/admin/export/oneroster).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ school: string }> }): Promise<Response> {
  const refused = await guard(requireDistrictAdmin);
  if (refused) return refused;
  const { school } = await params;
  const id = /^\d{1,9}$/.test(school) ? Number(school) : null;
  const found = id === null ? null : await districtSchool(id);
  if (!found) return messageResponse(404, msg("district.errors.noSuchSchool"));
  try {
    const timeZone = schoolTimeZone();
    const zip = await withSchool(found.id, async () =>
      oneRosterZip({ schoolName: await currentSchoolName(), timeZone }),
    );
    const day = dateInTimeZone(new Date(), timeZone);
    return download(zip, `oneroster-school-${found.id}-${day}.zip`, "application/zip");
  } catch (err) {
    console.error("OneRoster export failed:", err);
    return await messageResponse(500, msg("exports.oneRosterFailed"));
  }
}
