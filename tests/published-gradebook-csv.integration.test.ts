import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as gradebookRoute } from "@/app/level/[levelCode]/export/gradebook/route";
import { removeStudent } from "@/app/level/[levelCode]/update/class-roster-actions";
import { queryRows } from "@/lib/db/client";
import { DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { addDays, dateInTimeZone } from "@/lib/domain/dates";
import { renderReportCards } from "@/lib/report-pdf/render";
import { loadTermReportCards } from "@/lib/report-pdf/data";
import { seedDemo } from "./support/fixtures";
import { pdfText } from "./support/pdf";
import { publishTerms } from "./support/publish";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 39 (17): a published term's gradebook CSV is its stored cards, every one (decision 017).
// A student removed from the class after publishing keeps their card on the PDF and in the family's
// view; the CSV lists them too, with the stored percent and letter and the scores they were given.

useTestDatabase();
const BIO = "BIO-P2"; // David Chen's
let term: { id: number; title: string; type: string; startDate: string; endDate: string; imported: boolean };
let leaver: { id: number; name: string; username: string };

beforeAll(async () => {
  await seedDemo();
  const today = dateInTimeZone(new Date(), "UTC");
  [term] = (await queryRows<typeof term>(sql`
    insert into school_terms (title, type, start_date, end_date) values ('Autumn', 'term', ${addDays(today, -200)}, ${addDays(today, 20)})
    returning id, title, type, start_date::text as "startDate", end_date::text as "endDate", false as imported`)) as [
    typeof term,
  ];
  // A student of the class with graded work in the term.
  [leaver] = (await queryRows<typeof leaver>(sql`
    select u.id, u.name, u.username from student_enrollment e join users u on u.id = e.student_id
    where e.level_code = ${BIO} and exists (select 1 from grades g join assignments a on a.id = g.assignment_id
      where a.level_code = ${BIO} and g.student_id = u.id)
    order by u.name limit 1`)) as [typeof leaver];
  await publishTerms([term.id]);
  await signInAs(DEMO_INSTRUCTORS[1].code);
  expect(await removeStudent({ levelCode: BIO, studentId: leaver.id })).toMatchObject({ ok: true });
});

async function csvRows(): Promise<string[][]> {
  await signInAs(DEMO_INSTRUCTORS[1].code);
  const res = await gradebookRoute(new Request(`http://localhost/level/${BIO}/export/gradebook?term=${term.id}`), {
    params: Promise.resolve({ levelCode: BIO }),
  });
  expect(res.status).toBe(200);
  return parse(await res.text(), { bom: true, relax_column_count: true });
}

describe("a published term's gradebook CSV", () => {
  it("lists every stored card, a student removed after publishing too, with the stored figures", async () => {
    const cards = await loadTermReportCards(term, { kind: "class", code: BIO }, "UTC");
    const [card] = cards.find((c) => c.id === leaver.id)!.classes; // one class in the scope
    expect(card!.empty).toBe(false);

    const [header, , ...students] = await csvRows();
    expect(students.map((r) => r[0]).sort()).toEqual(cards.map((c) => c.name).sort());
    const row = students.find((r) => r[1] === leaver.username);
    expect(row, "the removed student's row").toBeDefined();
    const at = (name: string) => row![header!.indexOf(name)];
    expect([Number(at("Percent")), at("Letter")]).toEqual([card!.percent, card!.letter]);

    // Their scores, as given (the term's grades are locked).
    const given = await queryRows<{ id: number; title: string; score: string }>(sql`
      select a.id, a.title, trim_scale(g.score)::text as score from grades g join assignments a on a.id = g.assignment_id
      where a.level_code = ${BIO} and g.student_id = ${leaver.id}`);
    const cells = given.filter((g) => header!.includes(`${g.title} (${g.id})`));
    expect(cells.length).toBeGreaterThan(0);
    for (const g of cells)
      expect(row![header!.indexOf(`${g.title} (${g.id})`)], g.title).toMatch(new RegExp(`^${g.score}`));

    // The same card the PDF prints.
    const chunks: Uint8Array[] = [];
    await renderReportCards(
      await loadTermReportCards(term, { kind: "student", id: leaver.id }, "UTC"),
      { school: "Test School", term: term.title, printedDay: "2026-11-26", language: null },
      (c) => chunks.push(c),
    );
    const pdf = pdfText(Buffer.concat(chunks));
    expect(pdf).toContain(leaver.name);
    expect(pdf).toContain(`${card!.percent}%`);
  });
});
