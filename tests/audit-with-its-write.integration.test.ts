import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminEditStudent, createUser } from "@/app/admin/actions";
import { newCalendarFeedAction, turnOffCalendarFeedAction } from "@/app/calendar/actions";
import { db, dbHandle, queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { users } from "@/lib/db/schema";
import { MSG } from "@/lib/domain/messages";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 34: a write and its audit entry commit together. These actions wrote their audit entry
// after the write had committed, so a failed audit left a change nobody could trace. Here this
// file's own database refuses one kind of audit entry (a CHECK constraint, NOT VALID so the rows
// already there stay): the action must fail and leave the data as it was.

useTestDatabase();

let liam: number;
beforeAll(async () => {
  await seedDemo();
  liam = await userIdByCode(DEMO_STUDENTS[1]!.code);
});

async function refuseAudit(action: string): Promise<void> {
  await dbHandle().ownerDb.execute(
    sql.raw(`alter table audit_log add constraint refuse_for_test check (action <> '${action}') not valid`),
  );
  // guarded() logs the failure for the operator; the test expects that.
  (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = true;
}
afterEach(async () => {
  await dbHandle().ownerDb.execute(sql`alter table audit_log drop constraint if exists refuse_for_test`);
});

const liveFeeds = async (userId: number) =>
  (
    await queryRows<{ n: number }>(
      sql`select count(*)::int as n from calendar_feeds where user_id = ${userId} and revoked_at is null`,
    )
  )[0]!.n;

describe("an audit entry that cannot be written undoes its write", () => {
  it("an admin's edit of a student", async () => {
    await signInAs(DEMO_ADMIN.code);
    const [before] = await db().select().from(users).where(eq(users.id, liam));
    await refuseAudit("user.updated");
    const result = await adminEditStudent(
      { ok: true },
      form({ id: liam, name: "Renamed Student", username: "renamed.student", email: "renamed@example.org" }),
    );
    expect(result).toEqual({ ok: false, message: MSG.genericError });
    const [after] = await db().select().from(users).where(eq(users.id, liam));
    expect(after).toEqual(before);
  });

  it("an admin's new user", async () => {
    await signInAs(DEMO_ADMIN.code);
    await refuseAudit("user.created");
    const result = await createUser({ ok: true }, form({ role: "parent", name: "Nobody", username: "no.trace" }));
    expect(result).toEqual({ ok: false, message: MSG.genericError });
    expect(await db().select().from(users).where(eq(users.username, "no.trace"))).toEqual([]);
  });

  it("a new calendar address keeps the old one working", async () => {
    const { id } = await signInAs(DEMO_STUDENTS[0]!.code);
    expect((await newCalendarFeedAction()).ok).toBe(true);
    const [old] = await queryRows<{ id: number }>(
      sql`select id from calendar_feeds where user_id = ${id} and revoked_at is null`,
    );
    await refuseAudit("calendar_feed.created");
    expect(await newCalendarFeedAction()).toEqual({ ok: false, message: MSG.genericError });
    expect(
      await queryRows<{ id: number }>(sql`select id from calendar_feeds where user_id = ${id} and revoked_at is null`),
    ).toEqual([old]);
  });

  it("turning the calendar feed off", async () => {
    const { id } = await signInAs(DEMO_STUDENTS[0]!.code);
    if ((await liveFeeds(id)) === 0) expect((await newCalendarFeedAction()).ok).toBe(true);
    await refuseAudit("calendar_feed.revoked");
    expect(await turnOffCalendarFeedAction()).toEqual({ ok: false, message: MSG.genericError });
    expect(await liveFeeds(id)).toBe(1);
  });

  it("with the audit allowed again, the same edit goes through and is logged", async () => {
    await signInAs(DEMO_ADMIN.code);
    const result = await adminEditStudent(
      { ok: true },
      form({ id: liam, name: "Liam Okafor", username: "liam.okafor", email: "liam@example.org" }),
    );
    expect(result).toEqual({ ok: true, message: "Saved Liam Okafor" });
    const [entry] = await queryRows<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'user.updated' and (detail->>'userId')::int = ${liam}`,
    );
    expect(entry!.n).toBe(1);
  });
});
