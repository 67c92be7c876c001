export { TabSkeleton } from "@/components/tab-skeleton";
import { formatDate } from "@/lib/domain/format";
import { dateInTimeZone } from "@/lib/domain/dates";
import { schoolTimeZone } from "@/lib/env";
import { getAttendanceGrid } from "@/lib/queries/attendance";
import { listRoster } from "@/lib/queries/roster";
import { attendanceMarks } from "@/lib/domain/attendance";
import { AttendanceTab } from "./attendance-tab";
import { StudentsTab } from "./students-tab";

export async function AttendanceTabLoader({ code }: { code: string }) {
  const grid = await getAttendanceGrid(code);
  const marks = attendanceMarks(grid.records, grid.students.map((s) => s.id));
  return <AttendanceTab levelCode={code} data={{ students: grid.students, ...marks, today: dateInTimeZone(new Date(), schoolTimeZone()) }} />;
}

export async function StudentsTabLoader({ code }: { code: string }) {
  const tz = schoolTimeZone();
  const rows = await listRoster(code);
  return <StudentsTab levelCode={code} students={rows.map(({ enrolledAt, ...r }) => ({ ...r, joined: formatDate(enrolledAt, tz) }))} />;
}
