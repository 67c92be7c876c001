import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as rollCallRoute } from "@/app/api/roll-call/route";
import { queryRows } from "@/lib/db/client";
import { DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { cookieJar } from "./support/request-context";
import { seedDemo } from "./support/fixtures";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// POST /api/roll-call (issue 30): the roll call's own form, posted by a tap before the page has
// hydrated. The same action as the hydrated list: only the class's instructor (or an admin) marks,
// and a refusal changes nothing and goes back to the page with ?rollcall=refused.

useTestDatabase();

const BIO = "BIO-P2"; // David Chen's (DEMO_INSTRUCTORS[1])
const DAY = "2031-03-04"; // a Tuesday no demo record uses
const page = `/level/${BIO}/update?tab=attendance&day=${DAY}`;

const post = (body: Record<string, string>, origin = "http://localhost") =>
  rollCallRoute(
    new Request("http://localhost/api/roll-call", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin,
        host: "localhost",
        referer: `http://localhost${page}`,
      },
      body: new URLSearchParams(body),
    }),
  );

const marksOfDay = () =>
  queryRows<{ n: number; absent: number }>(
    sql`select count(*)::int as n, count(*) filter (where status = 'absent')::int as absent from attendance where level_code = ${BIO} and date = ${DAY}::date`,
  ).then((r) => r[0]!);

let student: number;
beforeAll(async () => {
  await seedDemo();
  const [s] = await queryRows<{ id: number }>(
    sql`select student_id as id from student_enrollment where level_code = ${BIO} order by student_id limit 1`,
  );
  student = Number(s!.id);
});

describe("POST /api/roll-call", () => {
  it("refuses another class's instructor: nothing written, back to the page with ?rollcall=refused", async () => {
    cookieJar.clear();
    await signInAs(DEMO_INSTRUCTORS[0].code);
    const res = await post({ levelCode: BIO, date: DAY, mark: `${student}:absent` });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${page}&rollcall=refused`);
    expect(await marksOfDay()).toEqual({ n: 0, absent: 0 });
  });

  it("refuses a post from another site", async () => {
    cookieJar.clear();
    await signInAs(DEMO_INSTRUCTORS[1].code);
    const res = await post({ levelCode: BIO, date: DAY, mark: `${student}:absent` }, "https://evil.example");
    expect(res.status).toBe(403);
    expect(await marksOfDay()).toEqual({ n: 0, absent: 0 });
  });

  it("saves the class's instructor's tap: the day added with everyone present, the tapped student absent", async () => {
    cookieJar.clear();
    await signInAs(DEMO_INSTRUCTORS[1].code);
    const res = await post({ levelCode: BIO, date: DAY, mark: `${student}:absent` });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(page);
    const marks = await marksOfDay();
    expect(marks.absent).toBe(1);
    expect(marks.n).toBeGreaterThan(1);
  });
});
