import { sql } from "drizzle-orm";
import { codeHash } from "@/lib/auth/code-store";
import ical, { type VEvent } from "node-ical";
import { beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { newCalendarFeedAction, turnOffCalendarFeedAction } from "@/app/calendar/actions";
import { GET as feedRoute } from "@/app/calendar/feed/[token]/route";
import { queryRows } from "@/lib/db/client";
import { DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Calendar feeds (issue 20), read back with an independent iCalendar parser (node-ical): each
// role's own due dates and nobody else's, titles and times only, stable event UIDs when the
// content changes or a new address is made, and a turned-off address that answers 404.

useTestDatabase();

async function newFeed(code: string): Promise<string> {
  await signInAs(code);
  const res = await newCalendarFeedAction();
  if (!res.ok || !res.data) throw new Error(JSON.stringify(res));
  return new URL(res.data.url).pathname.split("/").pop()!;
}
async function read(token: string): Promise<{ status: number; events: VEvent[]; text: string }> {
  const res = await feedRoute(new Request(`http://localhost/calendar/feed/${token}`), {
    params: Promise.resolve({ token }),
  });
  const text = await res.text();
  if (res.status !== 200) return { status: res.status, events: [], text };
  expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  const events = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");
  return { status: 200, events, text };
}
const dueOf = (levelCodes: string[]) =>
  queryRows<{ id: number; title: string }>(
    sql`select a.id, a.title from assignments a where a.due_date is not null and a.level_code in (${sql.join(
      levelCodes.map((c) => sql`${c}`),
      sql`, `,
    )})`,
  );
const classesOf = async (studentId: number) =>
  (
    await queryRows<{ c: string }>(sql`select level_code as c from student_enrollment where student_id = ${studentId}`)
  ).map((r) => r.c);

beforeAll(async () => {
  await seedDemo();
});

describe("calendar feeds", () => {
  it("give a student their classes' due dates only, as titles and times", async () => {
    const ava = await userIdByCode(DEMO_STUDENTS[0]!.code);
    const { events, text } = await read(await newFeed(DEMO_STUDENTS[0]!.code));
    const expected = await dueOf(await classesOf(ava));
    expect(expected.length).toBeGreaterThan(0);
    expect(events.map((e) => e.uid).sort()).toEqual(expected.map((a) => `assignment-${a.id}@classroom-portal`).sort());
    for (const e of events) expect(e.summary).toMatch(/^.+ \(.+\)$/);
    expect(text).not.toMatch(/DESCRIPTION|\d+\s*\/\s*\d+ points|%/);
  });

  it("give a parent their linked children's, naming the child, and a teacher their own classes'", async () => {
    const grace = await userIdByCode("parent-johnson");
    const children = await queryRows<{ id: number; name: string }>(
      sql`select u.id, u.name from guardian_links g join users u on u.id = g.student_id where g.parent_id = ${grace} and g.removed_at is null`,
    );
    expect(children.length).toBe(2);
    const { events } = await read(await newFeed("parent-johnson"));
    let count = 0;
    for (const child of children) {
      const mine = events.filter((e) => String(e.uid).endsWith(`-student-${child.id}@classroom-portal`));
      expect(mine.length).toBe((await dueOf(await classesOf(child.id))).length);
      for (const e of mine) expect(typeof e.summary === "string" && e.summary.startsWith(`${child.name}: `)).toBe(true);
      count += mine.length;
    }
    expect(events).toHaveLength(count); // nobody else's child
    const chen = await userIdByCode(DEMO_INSTRUCTORS[1].code);
    const own = (await queryRows<{ code: string }>(sql`select code from levels where teacher_id = ${chen}`)).map(
      (r) => r.code,
    );
    const teacher = await read(await newFeed(DEMO_INSTRUCTORS[1].code));
    expect(teacher.events.map((e) => e.uid).sort()).toEqual(
      (await dueOf(own)).map((a) => `assignment-${a.id}@classroom-portal`).sort(),
    );
  });

  it("keep each event's UID when a due date moves or a new address is made; deleted work disappears", async () => {
    const code = DEMO_STUDENTS[0]!.code;
    const first = await newFeed(code);
    const before = await read(first);
    const moved = before.events[0]!;
    const id = Number(/^assignment-(\d+)@/.exec(String(moved.uid))![1]);
    await queryRows(sql`update assignments set due_date = '2031-05-06T15:00:00Z' where id = ${id}`);
    const second = await newFeed(code); // the old address stops working
    expect((await read(first)).status).toBe(404);
    const after = await read(second);
    expect(after.events.map((e) => e.uid).sort()).toEqual(before.events.map((e) => e.uid).sort());
    expect(new Date(after.events.find((e) => e.uid === moved.uid)!.start).toISOString()).toBe(
      "2031-05-06T15:00:00.000Z",
    );
    // An assignment without submissions or grades can be deleted: its event goes.
    const [fresh] = await queryRows<{ id: number }>(sql`
      insert into assignments (level_code, title, description, max_score, due_date) select level_code, 'Short-lived', 'd', 5, '2031-06-01T12:00:00Z' from student_enrollment
      where student_id = ${await userIdByCode(code)} limit 1 returning id`);
    expect((await read(second)).events.some((e) => e.uid === `assignment-${fresh!.id}@classroom-portal`)).toBe(true);
    await queryRows(sql`delete from assignments where id = ${fresh!.id}`);
    expect((await read(second)).events.some((e) => e.uid === `assignment-${fresh!.id}@classroom-portal`)).toBe(false);
  });

  it("answers 404 for a turned-off, unknown or malformed address, and only the owner turns theirs off", async () => {
    const token = await newFeed(DEMO_STUDENTS[2]!.code);
    expect((await read(token)).status).toBe(200);
    await signInAs(DEMO_STUDENTS[0]!.code);
    expect(await turnOffCalendarFeedAction()).toMatchObject({ ok: true }); // Ava's own, not Maya's
    expect((await read(token)).status).toBe(200);
    await signInAs(DEMO_STUDENTS[2]!.code);
    expect(await turnOffCalendarFeedAction()).toEqual({
      ok: true,
      message: "Calendar feed turned off: its address no longer works.",
    });
    const off = await read(token);
    expect([off.status, off.text]).toEqual([
      404,
      "This calendar feed does not exist or was turned off. Make a new address on the portal's Calendar page.",
    ]);
    expect((await read("x".repeat(32))).status).toBe(404);
    expect((await read("not a token!")).status).toBe(404);
    // A student the roster removed (their sign-in already revoked) has no feed either.
    const tariqToken = await newFeed(DEMO_STUDENTS[3]!.code);
    expect((await read(tariqToken)).status).toBe(200);
    await queryRows(
      sql`update users set roster_deleted_at = now() where code_hash = ${codeHash(DEMO_STUDENTS[3]!.code)}`,
    );
    expect((await read(tariqToken)).status).toBe(404);
    // Only the SHA-256 of an address is kept.
    expect(await queryRows(sql`select 1 from calendar_feeds where token_hash = ${token}`)).toEqual([]);
  });
});

describe("making addresses", () => {
  it("is limited to ten an hour per person", async () => {
    // The limit counts in fixed hours: the clock starts at the top of one, so no boundary falls mid-loop.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 1000) });
    onTestFinished(() => void vi.useRealTimers());
    await signInAs(DEMO_STUDENTS[4]!.code);
    for (let i = 0; i < 10; i++) expect(await newCalendarFeedAction()).toMatchObject({ ok: true });
    expect(await newCalendarFeedAction()).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Too many new addresses\. Please wait \d+ minutes and try again\.$/) as unknown,
    });
    expect(
      await queryRows(
        sql`select 1 from calendar_feeds f join users u on u.id = f.user_id where u.code_hash = ${codeHash(DEMO_STUDENTS[4]!.code)}`,
      ),
    ).toHaveLength(10);
  });
});
