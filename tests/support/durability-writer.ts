// A stream of grade and attendance writes through the app's own database client, printing
// "ACK n" after each write has committed. The durability test kills this process with SIGKILL.
import { sql } from "drizzle-orm";
import { openPglite, openPostgres } from "@/lib/db/client";

const [engine, target, studentId, assignmentId, levelCode] = process.argv.slice(2);
const handle = engine === "pglite" ? openPglite(target!) : openPostgres(target!);
const base = new Date("2050-01-01T00:00:00Z").getTime();
for (let n = 1; ; n++) {
  const day = new Date(base + n * 86_400_000).toISOString().slice(0, 10);
  await handle.db.execute(
    sql`insert into attendance (student_id, level_code, date, status) values (${Number(studentId)}, ${levelCode}, ${day}::date, 'present')`,
  );
  await handle.db.execute(sql`
    insert into grades (assignment_id, student_id, score) values (${Number(assignmentId)}, ${Number(studentId)}, ${n % 10})
    on conflict (assignment_id, student_id) do update set score = excluded.score`);
  process.stdout.write(`ACK ${n}\n`);
}
