import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as childPdfRoute } from "@/app/children/[studentId]/pdf/route";
import { queryRows } from "@/lib/db/client";
import { DEMO_STUDENTS } from "@/lib/db/demo-school";
import { reportCardFor } from "@/lib/parent/portal";
import { setTermPublished } from "@/lib/terms/publishing";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { pdfText } from "./support/pdf";
import { publishTerms } from "./support/publish";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 39, items 15 and 18, as a family meets them: the report card's attendance beside a term's
// grade is that term's, labelled; the PDF's counts read as Spanish ("2 presentes, 1 ausente"), its
// class hour is not the grading term's word, and the file keeps the term's own letters ("Otoño").

useTestDatabase();
const liam = DEMO_STUDENTS[1]!;
const dashed = liam.name.replace(" ", "-");
const CLASS = "BIO-P2";
let liamId: number;
let autumn: number;
let winter: number;

/** Liam's attendance in Biology, replaced by these days (offsets from today) and statuses. */
async function attendance(days: [number, string][]): Promise<void> {
  await queryRows(sql`delete from attendance where student_id = ${liamId} and level_code = ${CLASS}`);
  for (const [offset, status] of days)
    await queryRows(sql`insert into attendance (student_id, level_code, date, status)
      values (${liamId}, ${CLASS}, current_date + ${offset}::int, ${status})`);
}

beforeAll(async () => {
  await seedDemo();
  liamId = await userIdByCode(liam.code);
  // Grace Johnson, Liam's mother, reads Spanish.
  await queryRows(sql`update users set locale = 'es' where id = ${await userIdByCode("parent-johnson")}`);
  await queryRows(sql`insert into school_terms (title, type, start_date, end_date) values
    ('Otoño 2026', 'term', current_date - 300, current_date - 30),
    ('Invierno', 'term', current_date - 29, current_date + 300)`);
  const terms = await queryRows<{ id: number; title: string }>(sql`select id, title from school_terms`);
  autumn = terms.find((t) => t.title === "Otoño 2026")!.id;
  winter = terms.find((t) => t.title === "Invierno")!.id;
  // Autumn: 2 present, 1 absent, 1 excused (50.0 %). Winter so far: 2 absent (0.0 %). The year: 33.3 %.
  await attendance([
    [-100, "present"],
    [-99, "present"],
    [-98, "absent"],
    [-97, "excused"],
    [-5, "absent"],
    [-4, "absent"],
  ]);
  await publishTerms([autumn]);
});

describe("the attendance beside a term's grade", () => {
  it("is the term's own, labelled with it, not the whole year's", async () => {
    const card = await reportCardFor(liamId, "es");
    const bio = card!.classes.find((c) => c.code === CLASS)!;
    expect(bio.gradeTitle).toBe("Invierno");
    expect(bio.attendanceTitle).toBe("Invierno");
    expect(bio.attendancePercent).toBe(0);
    // The published autumn card keeps its own term's figure.
    expect(bio.published).toMatchObject({ title: "Otoño 2026", attendancePercent: 50 });
  });

  it("of a published term is the one stored with its card, whatever happens after", async () => {
    await publishTerms([winter]);
    // A day recorded afterwards (past the lock, straight into the table): the card must not move.
    await queryRows(sql`insert into attendance (student_id, level_code, date, status)
      values (${liamId}, ${CLASS}, current_date - 3, 'present')`);
    const bio = (await reportCardFor(liamId, "es"))!.classes.find((c) => c.code === CLASS)!;
    expect([bio.attendanceTitle, bio.attendancePercent]).toEqual(["Invierno", 0]);
  });
});

describe("the family's PDF", () => {
  it("is named with the term's own letters, with an ASCII name for older browsers", async () => {
    await signInAs("parent-johnson");
    const res = await childPdfRoute(new Request(`http://localhost/children/${liamId}/pdf`), {
      params: Promise.resolve({ studentId: String(liamId) }),
    });
    expect(res.status).toBe(200);
    const disposition = res.headers.get("content-disposition")!;
    const file = `report-card-${dashed}-Invierno.pdf`;
    expect(disposition).toBe(`attachment; filename="${file}"; filename*=UTF-8''${file}`);
    await res.arrayBuffer();
  });

  it("counts in Spanish words that agree with the number, and calls the class hour 'Hora'", async () => {
    // Winter unlocked again: the family's PDF is autumn's, the last published term.
    const admin = await signInAs("admin-demo");
    expect(await setTermPublished(winter, false, admin.id)).toMatchObject({ ok: true });
    await signInAs("parent-johnson");
    const res = await childPdfRoute(new Request(`http://localhost/children/${liamId}/pdf`), {
      params: Promise.resolve({ studentId: String(liamId) }),
    });
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="report-card-${dashed}-Otono-2026.pdf"; ` +
        `filename*=UTF-8''report-card-${dashed}-Oto%C3%B1o-2026.pdf`,
    );
    const text = pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, " ");
    expect(text).toContain("Boleta de calificaciones — Otoño 2026");
    expect(text).toContain("Asistencia 50,0 % — 2 presentes, 1 ausente, 0 llegadas tarde, 1 justificada");
    expect(text).toMatch(/Hora 2 · /);
    expect(text).not.toMatch(/Período/);
  });
});
