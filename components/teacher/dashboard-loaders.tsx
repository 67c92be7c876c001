import { formatDate } from "@/lib/domain/format";
import { dateInTimeZone } from "@/lib/domain/dates";
import { schoolTimeZone } from "@/lib/env";
import { getAttendanceGrid } from "@/lib/queries/attendance";
import { listRoster } from "@/lib/queries/roster";
import { AttendanceTab } from "./attendance-tab";
import { StudentsTab } from "./students-tab";

export function TabSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-20 animate-pulse rounded-2xl bg-surface-muted" />
      ))}
    </div>
  );
}

export async function AttendanceTabLoader({ code }: { code: string }) {
  const grid = await getAttendanceGrid(code);
  return <AttendanceTab levelCode={code} data={{ ...grid, today: dateInTimeZone(new Date(), schoolTimeZone()) }} />;
}

export async function StudentsTabLoader({ code }: { code: string }) {
  const tz = schoolTimeZone();
  const rows = await listRoster(code);
  return <StudentsTab levelCode={code} students={rows.map(({ enrolledAt, ...r }) => ({ ...r, joined: formatDate(enrolledAt, tz) }))} />;
}
