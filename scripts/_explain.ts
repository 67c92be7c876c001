import { openPglite, setDbHandle, queryRows } from "@/lib/db/client";
import { sql } from "drizzle-orm";
import { listStudentSummaries, listRecentActivity, getGradeGrid } from "@/lib/queries/teacher";
import { getAttendanceGrid } from "@/lib/queries/attendance";
const h = openPglite(process.argv[2]!);
setDbHandle(h);
const code = process.argv[3]!;
async function t(name: string, f: () => Promise<unknown>) { await f(); const s = performance.now(); for (let i = 0; i < 5; i++) await f(); console.log(name, ((performance.now() - s) / 5).toFixed(1), "ms"); }
await t("summaries", () => listStudentSummaries(code));
await t("activity", () => listRecentActivity(code));
await t("gradegrid", () => getGradeGrid(code));
await t("attendance", () => getAttendanceGrid(code));
for (const q of process.argv.slice(4)) { const rows = await queryRows<{ "QUERY PLAN": string }>(sql.raw(`explain analyze ${q.replaceAll("$1", `'${code}'`)}`)); console.log(rows.map((r) => r["QUERY PLAN"]).join("\n")); }
await h.close();
