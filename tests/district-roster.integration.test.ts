import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import { enrollmentRow, smallSchool, userRow } from "@/lib/roster/test-support";
import { apply } from "./support/roster";
import { useTestDatabase } from "./support/test-db";

// The first school's roster and a student who moved to another school of the district (issue 42):
// when the roster stops listing her, she leaves the first school's classes but keeps her account,
// which signs her in to the school she moved to.

useTestDatabase();

const withoutSal = () =>
  smallSchool({
    users: [
      userRow({ id: "t1", role: "teacher", given: "Tina", family: "Turner", username: "tturner" }),
      userRow({ id: "s1", role: "student", given: "Sam", family: "One", username: "sone" }),
    ],
    enrollments: [
      enrollmentRow({ id: "e1", cls: "c1", user: "t1", role: "teacher", primary: "true" }),
      enrollmentRow({ id: "e4", cls: "c1", user: "s1", role: "student" }),
    ],
  });

const person = async (username: string) =>
  (
    await queryRows<{ deleted: boolean; has_code: boolean }>(
      sql`select roster_deleted_at is not null as deleted, code_hash is not null as has_code from users where username = ${username}`,
    )
  )[0];

beforeAll(async () => {
  await apply(smallSchool());
  // Sal moved to a second school: the district admin added her there.
  await queryRows(sql`insert into schools (id, name) values (2, 'Second school')`);
  await queryRows(
    sql`insert into school_memberships (user_id, school_id) select id, 2 from users where username = 'sfour'`,
  );
});

describe("the first school's roster and someone who also belongs to another school", () => {
  it("no longer listing her removes her from its classes, not her account", async () => {
    await apply(withoutSal());
    expect(await person("sfour")).toEqual({ deleted: false, has_code: true });
    expect(
      await queryRows(
        sql`select 1 from student_enrollment e join users u on u.id = e.student_id where u.username = 'sfour'`,
      ),
    ).toEqual([]);
    // Someone of the first school alone still goes, as before (no records: the row itself).
    expect(await person("stwo")).toBeUndefined();
  });
});
