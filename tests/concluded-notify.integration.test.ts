import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { savePreferencesAction } from "@/app/notifications/actions";
import { createAssignment } from "@/app/level/[levelCode]/update/assignment-actions";
import { idle } from "@/lib/action-result";
import { db, queryRows } from "@/lib/db/client";
import { dateInTimeZone } from "@/lib/domain/dates";
import { enqueue } from "@/lib/jobs/queue";
import { DIGEST_RUN } from "@/lib/notify/digest";
import { closeYear } from "@/lib/years/close";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { settle, useTestSmtp } from "./support/mail";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 41: a concluded class sends nothing. Work set before its year closed neither comes up in
// a family's digest nor turns into "missing work" when it falls due afterwards.

useTestDatabase();
const smtp = useTestSmtp({ SCHOOL_NAME: "Demo High School" });
const today = dateInTimeZone(new Date(), "UTC");
let grace = 0;

beforeAll(async () => {
  await seedDemo();
  grace = await userIdByCode("parent-johnson");
  await signInAs("parent-johnson");
  expect(
    await savePreferencesAction(
      idle,
      form({
        attendance: "off",
        work: "daily",
        grade: "off",
        announcement: "off",
        report_card: "off",
        comment: "off",
        message: "off",
        threshold: 70,
      }),
    ),
  ).toMatchObject({ ok: true });
});

async function newAssignment(levelCode: string, title: string, due: Date): Promise<void> {
  await signInAs("admin-demo");
  expect(
    await createAssignment(
      idle,
      form({ levelCode, title, description: "Details in class.", maxScore: 10, dueDate: due.toISOString() }),
    ),
  ).toMatchObject({ ok: true });
}

describe("a concluded class", () => {
  it("sends no missing-work notice and puts nothing in the digest's coming up", async () => {
    // Geometry (Ava Johnson's class) belongs to a year that closes before its work falls due.
    const [year] = await queryRows<{ id: number }>(
      sql`insert into school_years (title, start_date, end_date) values ('2025–2026', ${today}::date - 300, ${today}::date + 30) returning id`,
    );
    const [next] = await queryRows<{ id: number }>(
      sql`insert into school_years (title, start_date, end_date) values ('2026–2027', ${today}::date + 31, ${today}::date + 400) returning id`,
    );
    await queryRows(
      sql`update levels set year_id = case code when 'GEO-P3' then ${year!.id}::int else ${next!.id}::int end`,
    );
    await newAssignment("GEO-P3", "Proofs due in a moment", new Date(Date.now() + 1_500));
    await newAssignment("GEO-P3", "Angles worksheet", new Date(Date.now() + 30 * 3_600_000));
    await newAssignment("BIO-P2", "Open class worksheet", new Date(Date.now() + 30 * 3_600_000));
    const admin = await userIdByCode("admin-demo");
    expect(await closeYear(year!.id, admin)).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 1_600));
    await settle();
    await settle();
    expect(
      await queryRows(
        sql`select title from notifications where kind = 'work' and title like '%Proofs due in a moment%'`,
      ),
    ).toEqual([]);

    await enqueue(db(), {
      kind: DIGEST_RUN,
      dedupeKey: `digest:daily:${today}`,
      payload: { period: "daily", day: today },
    });
    await settle();
    const mails = smtp.to("grace.johnson@example.com");
    expect(mails).toHaveLength(1);
    // Ava's Biology work is still coming up; her Geometry class is concluded.
    expect(mails[0]!.mail.text).toContain("Open class worksheet");
    expect(mails[0]!.mail.text).not.toContain("Angles worksheet");
    expect(grace).toBeGreaterThan(0);
  });
});
