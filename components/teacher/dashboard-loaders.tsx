export { TabSkeleton } from "@/components/tab-skeleton";
import { requireUser } from "@/lib/auth/guards";
import { formatDate } from "@/lib/domain/format";
import { dateInTimeZone } from "@/lib/domain/dates";
import { schoolTimeZone } from "@/lib/env";
import { getAttendanceGrid } from "@/lib/queries/attendance";
import { listRoster } from "@/lib/queries/roster";
import { intlLocaleOf } from "@/lib/i18n/locales";
import { requestLocale } from "@/lib/i18n/request-locale";
import { AttendanceTab, StudentsTab } from "./lazy-tabs";
import { PageMessages } from "@/components/page-messages";

export async function AttendanceTabLoader({ code, readOnly = false }: { code: string; readOnly?: boolean }) {
  const grid = await getAttendanceGrid(code, await requireUser());
  // Only the grid's words: the roll call, the tab's other view, sends none of them.
  return (
    <PageMessages namespaces={["teacherAttendance"]}>
      <AttendanceTab
        levelCode={code}
        data={{ ...grid, today: dateInTimeZone(new Date(), schoolTimeZone()) }}
        readOnly={readOnly}
      />
    </PageMessages>
  );
}

export async function StudentsTabLoader({ code, readOnly = false }: { code: string; readOnly?: boolean }) {
  const tz = schoolTimeZone();
  const rows = await listRoster(code, await requireUser());
  const locale = intlLocaleOf(await requestLocale());
  return (
    <StudentsTab
      levelCode={code}
      readOnly={readOnly}
      students={rows.map(({ enrolledAt, ...r }) => ({ ...r, joined: formatDate(enrolledAt, tz, locale) }))}
    />
  );
}
