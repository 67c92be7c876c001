// A second school beside the demo school (issue 42), for the tests of people across schools and for
// the end-to-end suite's second server (scripts/e2e-extra-data.ts): North Campus, with its own class
// taught by the demo's Elena Rivera (a teacher at two schools), a student of its own, a daughter of
// the demo's Ken Kim (a guardian with a child at each school), and a district admin in the demo
// school who may enter both.
import { sql } from "drizzle-orm";
import { codeHash, sealPlaintextCodes } from "@/lib/auth/code-store";
import { db, queryRows } from "@/lib/db/client";
import { withSchool } from "@/lib/db/school-scope";
import { runInRequestSchool } from "@/lib/request-school.mjs";
import { cookieJar } from "./request-context";

import { DISTRICT_ADMIN, NORTH, NORTH_CHILD, NORTH_STUDENT } from "./district-people";

export { DISTRICT_ADMIN, NORTH, NORTH_CHILD, NORTH_STUDENT };

/** Makes North Campus (school 2 of a fresh install) and returns its id. */
export async function seedDistrict(): Promise<number> {
  const [school] = await queryRows<{ id: number }>(sql`insert into schools (name) values (${NORTH.name}) returning id`);
  const northId = Number(school!.id);
  await db().execute(
    sql`insert into users (name, username, code, role, district_admin) values (${DISTRICT_ADMIN.name}, ${DISTRICT_ADMIN.username}, ${DISTRICT_ADMIN.code}, 'admin', true)`,
  );
  await withSchool(northId, async () => {
    await db().execute(
      sql`insert into users (name, username, code, role) values (${NORTH_STUDENT.name}, ${NORTH_STUDENT.username}, ${NORTH_STUDENT.code}, 'student')`,
    );
    // The demo's first teacher also teaches here: one person, a membership in each school.
    await db().execute(
      sql`insert into school_memberships (user_id, school_id) select id, ${northId} from users where username = 'erivera'`,
    );
    await db().execute(
      sql`insert into levels (code, name, period, teacher_id) select ${NORTH.classCode}, ${NORTH.className}, '4', id from users where username = 'erivera'`,
    );
    // A guardian with a child at each school: the demo's Ken Kim, and his daughter at North Campus.
    await db().execute(
      sql`insert into users (name, username, code, role) values (${NORTH_CHILD.name}, ${NORTH_CHILD.username}, ${NORTH_CHILD.code}, 'student')`,
    );
    await db().execute(
      sql`insert into student_enrollment (student_id, level_code) select id, ${NORTH.classCode} from users where username in (${NORTH_STUDENT.username}, ${NORTH_CHILD.username})`,
    );
    // Due in three days: on the class page, the teacher's screens, and the family's calendar feed.
    await db().execute(
      sql`insert into assignments (level_code, title, description, max_score, due_date) values (${NORTH.classCode}, ${NORTH.assignment}, 'A portrait in pencil.', 10, now() + interval '3 days')`,
    );
    await sealPlaintextCodes(db());
    await db().execute(
      sql`insert into school_memberships (user_id, school_id) select id, ${northId} from users where code_hash = ${codeHash(NORTH_CHILD.parentCode)}`,
    );
    await db().execute(
      sql`insert into guardian_links (parent_id, student_id, source) select p.id, s.id, 'admin' from users p, users s where p.code_hash = ${codeHash(NORTH_CHILD.parentCode)} and s.username = ${NORTH_CHILD.username}`,
    );
  });
  await sealPlaintextCodes(db());
  return northId;
}

/** Runs `fn` as one request of the fake browser: in the school its cookie names (as scripts/start.mjs does). */
export function request<T>(fn: () => Promise<T>): Promise<T> {
  const cookie = cookieJar
    .getAll()
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");
  return runInRequestSchool({ headers: { cookie } }, fn);
}
