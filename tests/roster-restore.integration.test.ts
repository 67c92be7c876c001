import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { restoreRosterRemovedAction } from "@/app/admin/roster-actions";
import { openCode } from "@/lib/auth/code-store";
import { queryRows } from "@/lib/db/client";
import { listClassesWithStats, searchStudentsAdmin } from "@/lib/queries/admin";
import { classRow, enrollmentRow, smallSchool, userRow } from "@/lib/roster/test-support";
import { databaseChecksum } from "./support/fixtures";
import { apply } from "./support/roster";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 29: people and classes the roster removed but kept for their records carry "removed by the
// roster" in the admin lists, and an admin can restore them (audited). A restored row becomes the
// portal's own, so the next import of the same files does not remove it again.

useTestDatabase();

const row = async (table: "users" | "levels", id: number) =>
  (
    await queryRows<{ gone: boolean; sourced_id: string | null; code_sealed?: string | null }>(
      table === "users"
        ? sql`select roster_deleted_at is not null as gone, sourced_id, code_sealed from users where id = ${id}`
        : sql`select roster_deleted_at is not null as gone, sourced_id from levels where id = ${id}`,
    )
  )[0]!;
const idOf = async (table: "users" | "levels", sourcedId: string) =>
  Number(
    (
      await queryRows<{ id: number }>(
        table === "users"
          ? sql`select id from users where sourced_id = ${sourcedId}`
          : sql`select id from levels where sourced_id = ${sourcedId}`,
      )
    )[0]!.id,
  );
const codeOf = async (sourcedId: string) =>
  openCode(
    (await queryRows<{ c: string }>(sql`select code_sealed as c from users where sourced_id = ${sourcedId}`))[0]!.c,
  );

/** The small school without Sid Three (s3) and without the Art class (c3). */
const without = () =>
  smallSchool({
    users: [
      userRow({ id: "t1", role: "teacher", given: "Tina", family: "Turner", username: "tturner" }),
      userRow({ id: "t2", role: "teacher", given: "Tom", family: "Baker", username: "tbaker" }),
      userRow({ id: "a1", role: "administrator", given: "Ada", family: "Admin", username: "aadmin" }),
      userRow({ id: "s1", role: "student", given: "Sam", family: "One", username: "sone" }),
      userRow({ id: "s2", role: "student", given: "Sue", family: "Two", username: "stwo" }),
      userRow({ id: "s4", role: "student", given: "Sal", family: "Four", username: "sfour" }),
    ],
    classes: [
      classRow({ id: "c1", title: "Algebra I", code: "ALG1" }),
      classRow({ id: "c2", title: "Biology", code: "BIO2" }),
    ],
    enrollments: [
      enrollmentRow({ id: "e1", cls: "c1", user: "t1", role: "teacher", primary: "true" }),
      enrollmentRow({ id: "e3", cls: "c2", user: "t2", role: "teacher" }),
      enrollmentRow({ id: "e4", cls: "c1", user: "s1", role: "student" }),
      enrollmentRow({ id: "e5", cls: "c1", user: "s2", role: "student" }),
      enrollmentRow({ id: "e7", cls: "c2", user: "s4", role: "student" }),
    ],
  });

describe("people and classes removed by the roster", () => {
  it("are marked in the admin lists and restored by an admin, audited; the same import does not remove them again", async () => {
    await apply(smallSchool());
    const sid = await idOf("users", "s3");
    const art = await idOf("levels", "c3");
    // Records that keep them: Sid in the audit log, an assignment in Art.
    await queryRows(sql`insert into audit_log (action, actor_id) values ('user.updated', ${sid})`);
    const [artCode] = await queryRows<{ code: string }>(sql`select code from levels where id = ${art}`);
    await queryRows(
      sql`insert into assignments (level_code, title, description, max_score) values (${artCode!.code}, 'Sketch', 'd', 10)`,
    );
    await apply(without());
    expect(await row("users", sid)).toMatchObject({ gone: true, code_sealed: null });
    expect(await row("levels", art)).toMatchObject({ gone: true });

    // The admin lists carry the date of the removal.
    const admin = await signInAs((await codeOf("a1"))!);
    const students = await searchStudentsAdmin("Sid", 1, { id: admin.id, role: "admin" });
    expect(students.rows[0]?.rosterDeletedAt).toBeInstanceOf(Date);
    const classes = await listClassesWithStats(1);
    expect(classes.rows.find((c) => c.id === art)?.rosterDeletedAt).toBeInstanceOf(Date);
    expect(classes.rows.find((c) => c.code === "ALG1")?.rosterDeletedAt).toBeNull();

    // A person: back with a new access code that signs in, as the portal's own.
    const person = await restoreRosterRemovedAction({ kind: "user", id: sid });
    expect(person).toMatchObject({ ok: true, message: "Sid Three restored with a new access code" });
    expect(await row("users", sid)).toMatchObject({ gone: false, sourced_id: null });
    expect((await signInAs(person.ok ? person.data!.code! : "")).id).toBe(sid);

    await signInAs((await codeOf("a1"))!);
    const cls = await restoreRosterRemovedAction({ kind: "class", id: art });
    expect(cls).toMatchObject({ ok: true, message: "Art restored" });
    expect(await row("levels", art)).toMatchObject({ gone: false, sourced_id: null });
    const audits = await queryRows<{ detail: unknown; level_code: string | null }>(
      sql`select detail, level_code from audit_log where action = 'roster.restored' order by id`,
    );
    expect(audits).toEqual([
      { detail: { userId: sid }, level_code: null },
      { detail: { classId: art }, level_code: artCode!.code },
    ]);

    // Nothing left to restore: said, and nothing changes.
    expect(await restoreRosterRemovedAction({ kind: "user", id: sid })).toMatchObject({
      ok: false,
      message: "That person was not removed by the roster. Reload the page.",
    });
    // The next import of the same files leaves them alone.
    await apply(without());
    expect(await row("users", sid)).toMatchObject({ gone: false });
    expect(await row("levels", art)).toMatchObject({ gone: false });
  });

  it("refuses anyone but an admin, and bad input, changing nothing", async () => {
    await apply(smallSchool());
    await apply(without());
    const sid = await idOf("users", "s3");
    expect(await row("users", sid)).toMatchObject({ gone: true });
    const before = await databaseChecksum(["users", "levels", "audit_log"]);
    await signInAs((await codeOf("t1"))!);
    expect(await restoreRosterRemovedAction({ kind: "user", id: sid })).toMatchObject({ ok: false });
    await signInAs((await codeOf("a1"))!);
    expect(await restoreRosterRemovedAction({ kind: "person", id: sid })).toMatchObject({
      ok: false,
      message: "Choose a person or a class",
    });
    expect(await restoreRosterRemovedAction({ kind: "user", id: "1; drop table users" })).toMatchObject({
      ok: false,
      message: "Invalid id",
    });
    expect(await databaseChecksum(["users", "levels", "audit_log"])).toEqual(before);
  });
});
