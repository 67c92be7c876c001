import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_CLASSES } from "@/lib/db/demo-school";
import { dateInTimeZone } from "@/lib/domain/dates";
import type { StoredTermGrade } from "@/lib/domain/stored-grade";
import { readStoredCards } from "@/lib/gradebook/stored-cards";
import { displayHashOf, storeTermRecords } from "@/lib/gradebook/term-records";
import { convertStoredWhyLines } from "@/lib/gradebook/why-conversion";
import { reportCardFor } from "@/lib/parent/portal";
import { listGradingTerms } from "@/lib/terms/terms";
import { seedDemo } from "./support/fixtures";
import { publishTerms } from "./support/publish";
import { useTestDatabase } from "./support/test-db";
import { whyEnglish } from "./support/why";

// Issue 40: published cards stored "why this grade" as the calculator's English sentences. Migration
// 0031 sets them aside (why_english) and the next start converts them into descriptors once
// (convertStoredWhyLines). Afterwards the cards read as before in English, in Spanish too, and
// nothing else about them changes: their figures, and the hash families were told about, so
// publishing the same term again writes nothing and sends no notice.

useTestDatabase();
const CLASS = DEMO_CLASSES[0].code;
let term: number;
let students: number[];

/** What a card stored before issue 40 looked like: the same card, its lines in English, its hashes of them. */
async function asBeforeIssue40(levelCode: string, studentId: number, why: { family: string[]; staff: string[] }) {
  const card = (await readStoredCards(term, levelCode)).get(studentId)!;
  const hash = displayHashOf({ ...card, why } as unknown as StoredTermGrade);
  await queryRows(sql`update term_grade_records set why = ${JSON.stringify(why)}::jsonb, display_hash = ${hash},
    announced_hash = ${hash} where term_id = ${term} and level_code = ${levelCode} and student_id = ${studentId}`);
}

/** Every card of the term as it was stored before issue 40: the English the calculator wrote for it. */
async function everyCardInEnglish() {
  const rows = await queryRows<{ level_code: string; student_id: number }>(
    sql`select level_code, student_id from term_grade_records where term_id = ${term}`,
  );
  for (const r of rows) {
    const { why } = (await readStoredCards(term, r.level_code)).get(Number(r.student_id))!;
    await asBeforeIssue40(r.level_code, Number(r.student_id), {
      family: whyEnglish(why.family),
      staff: whyEnglish(why.staff),
    });
  }
}

/** Every column but the ones the conversion writes. */
const untouched = () =>
  queryRows(sql`select to_jsonb(r) - 'why' - 'why_english' - 'display_hash' - 'announced_hash' as row
    from term_grade_records r order by term_id, level_code, student_id`);

beforeAll(async () => {
  await seedDemo();
  await queryRows(sql`insert into school_terms (title, type, start_date, end_date) values
    ('Autumn', 'term', current_date - 200, current_date - 8), ('Winter', 'term', current_date - 7, current_date + 200)`);
  [{ id: term }] = (await queryRows<{ id: number }>(sql`select id from school_terms where title = 'Autumn'`)) as [
    { id: number },
  ];
  students = (
    await queryRows<{ id: number }>(
      sql`select student_id as id from student_enrollment where level_code = ${CLASS} order by student_id limit 2`,
    )
  ).map((r) => Number(r.id));
  // An override with a private reason, so the family's and the staff's lines differ.
  await queryRows(sql`insert into term_grade_overrides (level_code, student_id, term_id, percent, reason)
    values (${CLASS}, ${students[0]}, ${term}, 88.5, 'Make-up exam')`);
  await publishTerms([term]);
});

describe("published cards' why lines, converted once", () => {
  it("become the calculator's descriptors, with the same hashes, and a republication writes nothing", async () => {
    const published = (await readStoredCards(term, CLASS)).get(students[0]!)!;
    const [before] = await queryRows<{ display_hash: string }>(
      sql`select display_hash from term_grade_records where term_id = ${term} and level_code = ${CLASS} and student_id = ${students[0]}`,
    );
    // The English the calculator wrote for this very card before issue 40.
    await everyCardInEnglish();
    const [{ why: stored } = { why: null }] = await queryRows<{ why: { staff: string[] } }>(
      sql`select why from term_grade_records where term_id = ${term} and level_code = ${CLASS} and student_id = ${students[0]}`,
    );
    expect(stored!.staff.at(-1)).toMatch(/^Overridden by the teacher: 89 % \(computed \d+ %\) — Make-up exam$/);
    // What migration 0031 does to every stored card.
    await queryRows(sql`update term_grade_records set why_english = why`);
    const rows = await untouched();

    expect(await convertStoredWhyLines()).toBeGreaterThan(0);
    const after = (await readStoredCards(term, CLASS)).get(students[0]!)!;
    expect(after.why).toEqual(published.why);
    expect(await untouched()).toEqual(rows);
    const [hashes] = await queryRows<{ display_hash: string; announced_hash: string; why_english: unknown }>(
      sql`select display_hash, announced_hash, why_english from term_grade_records where term_id = ${term} and level_code = ${CLASS} and student_id = ${students[0]}`,
    );
    expect(hashes).toEqual({
      display_hash: before!.display_hash,
      announced_hash: before!.display_hash,
      why_english: null,
    });
    // Nothing left to convert: later starts do nothing.
    expect(await convertStoredWhyLines()).toBe(0);

    const autumn = (await listGradingTerms()).find((t) => t.id === term)!;
    const now = new Date();
    const again = await db().transaction((tx) =>
      storeTermRecords(tx, autumn, null, "UTC", now, dateInTimeZone(now, "UTC")),
    );
    expect(again).toEqual({ written: 0, changed: 0 });
  });

  it("read as they were in English, and in Spanish, on the report card; an unknown line as it was", async () => {
    await asBeforeIssue40(CLASS, students[1]!, {
      family: [
        "Total points: 17.5 of 20 = 87.5 %",
        "Late penalty: Lab, part 1 (kept 90 %), Poster (kept 70 %)",
        "Overridden by the teacher: 90 % (computed 87 %)",
        "Teacher's note: Well done",
        "Something an older version wrote",
      ],
      staff: ["Overridden by the teacher: 90 % (computed 87 %) — Make-up exam"],
    });
    await queryRows(
      sql`update term_grade_records set why_english = why where level_code = ${CLASS} and student_id = ${students[1]}`,
    );
    expect(await convertStoredWhyLines()).toBe(1);
    const why = async (locale: string) =>
      (await reportCardFor(students[1]!, locale))!.classes.find((c) => c.code === CLASS)!.published!.why;
    const nb = (lines: string[]) => lines.map((l) => l.replaceAll(" %", "\u00a0%"));
    expect(await why("en")).toEqual(
      nb([
        "Total points: 17.5 of 20 = 87.5 %",
        "Late penalty: Lab, part 1 (kept 90 %), Poster (kept 70 %)",
        "Overridden by the teacher: 90 % (computed 87 %)",
        "Teacher's note: Well done",
        "Something an older version wrote",
      ]),
    );
    expect(await why("es")).toEqual(
      nb([
        "Puntos totales: 17,5 de 20 = 87,5 %",
        "Penalización por entrega tardía: Lab, part 1 (conserva el 90 %), Poster (conserva el 70 %)",
        "Modificada por el maestro: 90 % (calculada: 87 %)",
        "Nota del maestro: Well done",
        "Something an older version wrote",
      ]),
    );
  });
});
