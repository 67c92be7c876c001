import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as cardsRoute } from "@/app/admin/cards/route";
import { POST as lettersRoute } from "@/app/admin/letters/route";
import { newCalendarFeedAction } from "@/app/calendar/actions";
import { GET as feedRoute } from "@/app/calendar/feed/[token]/route";
import { GET as attendanceRoute } from "@/app/level/[levelCode]/export/attendance/route";
import { GET as reportCardsRoute } from "@/app/admin/report-cards/route";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { dateInTimeZone } from "@/lib/domain/dates";
import { formatDate, formatDay } from "@/lib/domain/format";
import { setTermPublished } from "@/lib/terms/publishing";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { pdfText } from "./support/pdf";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 31: the report-card PDF and the parent letters print in each guardian's own language,
// unless the admin chooses one language for the printing. Read back as a family would: the PDF
// with poppler's pdftotext, the letters as the page's text.

useTestDatabase();
const liam = DEMO_STUDENTS[1]!;
const kimChild = DEMO_STUDENTS[3]!;
let term: number;

async function pdfPages(query: string): Promise<string[]> {
  const res = await reportCardsRoute(new Request(`http://localhost/admin/report-cards?${query}`));
  expect(res.status).toBe(200);
  return pdfText(Buffer.from(await res.arrayBuffer()))
    .split("\f")
    .filter((p) => p.trim())
    .map((p) => p.replace(/\s+/g, " "));
}
const pageOf = (pages: string[], name: string) => pages.find((p) => p.includes(name)) ?? "";

const lettersRequest = (body: Record<string, string>) =>
  lettersRoute(
    new Request("http://localhost/admin/letters", {
      method: "POST",
      headers: { origin: "http://localhost", host: "localhost", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(body).toString(),
    }),
  );
/** Each printed letter's text, tags removed. */
async function letters(body: Record<string, string>): Promise<string[]> {
  const res = await lettersRequest(body);
  expect(res.status).toBe(200);
  const html = await res.text();
  return [...html.matchAll(/<article class="letter"[^>]*>([\s\S]*?)<\/article>/g)].map((m) =>
    m[0]
      .replace(/<svg[\s\S]*?<\/svg>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, " "),
  );
}

beforeAll(async () => {
  await seedDemo();
  // Grace Johnson (Liam's mother) reads Spanish; Ken Kim has chosen nothing (the school's English).
  await queryRows(sql`update users set locale = 'es' where id = ${await userIdByCode("parent-johnson")}`);
  await queryRows(
    sql`insert into school_terms (title, type, start_date, end_date) values ('Autumn 2026', 'term', current_date - 300, current_date + 300)`,
  );
  [{ id: term }] = (await queryRows<{ id: number }>(sql`select id from school_terms`)) as [{ id: number }];
  const admin = await signInAs(DEMO_ADMIN.code);
  expect(await setTermPublished(term, true, admin.id)).toMatchObject({ ok: true });
});

describe("the report-card PDF", () => {
  it("prints each student's pages in their guardian's language: Spanish for Grace's son, English for Ken's child", async () => {
    await signInAs(DEMO_ADMIN.code);
    const pages = await pdfPages(`term=${term}&scope=school`);
    const es = pageOf(pages, liam.name);
    expect(es).toContain("Boleta de calificaciones — Autumn 2026");
    expect(es).toContain(`impreso el ${formatDay(dateInTimeZone(new Date(), "UTC"), "es")}`);
    expect(es).toMatch(
      /Asistencia (—|\d+,\d %) — \d+ presentes?, \d+ ausentes?, \d+ llegadas? tarde, \d+ justificadas?/,
    );
    expect(es).not.toMatch(/Report card|Attendance|printed/);
    const en = pageOf(pages, kimChild.name);
    expect(en).toContain("Report card — Autumn 2026");
    expect(en).toMatch(/Attendance (—|\d+\.\d%) — \d+ present, \d+ absent, \d+ late, \d+ excused/);
  });

  it("prints every page in the language the admin chose for this printing, and refuses one it does not know", async () => {
    await signInAs(DEMO_ADMIN.code);
    const english = await pdfPages(`term=${term}&scope=school&language=en`);
    expect(pageOf(english, liam.name)).toContain("Report card — Autumn 2026");
    const spanish = await pdfPages(`term=${term}&scope=school&language=es`);
    expect(pageOf(spanish, kimChild.name)).toContain("Boleta de calificaciones — Autumn 2026");
    const refused = await reportCardsRoute(
      new Request(`http://localhost/admin/report-cards?term=${term}&scope=school&language=fr`),
    );
    expect([refused.status, await refused.text()]).toEqual([400, "Choose a language from the list."]);
  });
});

describe("parent letters", () => {
  it("are written in each guardian's language, unless the admin chooses one for the printing", async () => {
    await signInAs(DEMO_ADMIN.code);
    const mixed = await letters({ scope: "school" });
    const grace = mixed.find((l) => l.includes("Grace Johnson") && l.includes(liam.name))!;
    expect(grace).toContain("Estimado(a) Grace Johnson:");
    expect(grace).toContain(`Su acceso a la boleta de calificaciones de ${liam.name}`);
    expect(grace).toContain("use su código de acceso:");
    // The date printed and the link's end, the Spanish way ("26 nov 2026").
    expect(grace).toContain(formatDate(new Date(), "UTC", "es"));
    expect(grace).toMatch(/Este enlace funciona hasta el \d{1,2} \w+\.? \d{4}\./);
    expect(grace).not.toMatch(/Dear|Your access|access code/);
    const ken = mixed.find((l) => l.includes("Ken Kim"))!;
    expect(ken).toContain("Dear Ken Kim,");
    expect(ken).toContain(`Your access to ${kimChild.name}'s report card`);

    const english = await letters({ scope: "school", language: "en" });
    expect(english.find((l) => l.includes("Grace Johnson"))).toContain("Dear Grace Johnson,");
    const refused = await lettersRequest({ scope: "school", language: "xx" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose a language from the list.");
  });
});

describe("sign-in cards, the calendar feed and CSV headers", () => {
  it("a card is in its owner's language unless the admin chooses one", async () => {
    await queryRows(sql`update users set locale = 'es' where id = ${await userIdByCode(liam.code)}`);
    await signInAs(DEMO_ADMIN.code);
    const print = async (body: Record<string, string>) => {
      const res = await cardsRoute(
        new Request("http://localhost/admin/cards", {
          method: "POST",
          headers: {
            origin: "http://localhost",
            host: "localhost",
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams(body).toString(),
        }),
      );
      expect(res.status).toBe(200);
      const html = await res.text();
      return (name: string) =>
        [...html.matchAll(/<article class="card"[\s\S]*?<\/article>/g)]
          .map((m) => m[0].replace(/<svg[\s\S]*?<\/svg>/g, ""))
          .find((c) => c.includes(name)) ?? "";
    };
    const mixed = await print({ scope: "school" });
    expect(mixed(liam.name)).toContain("Código de acceso");
    expect(mixed(liam.name)).toContain("Inicie sesión en http://localhost/");
    expect(mixed(kimChild.name)).toContain("Access code");
    expect(mixed(kimChild.name)).toContain("Sign in at http://localhost/");
    const english = await print({ scope: "school", language: "en" });
    expect(english(liam.name)).toContain("Sign in at http://localhost/");
  });

  it("the calendar's name is in its owner's language", async () => {
    await signInAs("parent-johnson");
    const made = await newCalendarFeedAction();
    if (!made.ok || !made.data) throw new Error(JSON.stringify(made));
    const token = new URL(made.data.url).pathname.split("/").pop()!;
    const res = await feedRoute(new Request(`http://localhost/calendar/feed/${token}`), {
      params: Promise.resolve({ token }),
    });
    expect(await res.text()).toContain("X-WR-CALNAME:Classroom Portal: fechas de entrega");
  });

  it("a CSV's header is in its downloader's language; English stays as it was", async () => {
    const code = "BIO-P2";
    const to = dateInTimeZone(new Date(), "UTC");
    const from = new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10);
    const download = async () => {
      const res = await attendanceRoute(
        new Request(`http://localhost/level/${code}/export/attendance?from=${from}&to=${to}`),
        { params: Promise.resolve({ levelCode: code }) },
      );
      expect(res.status).toBe(200);
      return (await res.text()).replace(/^\uFEFF/, "").split(/\r?\n/)[0];
    };
    await queryRows(sql`update users set locale = null where username = 'dchen'`);
    await signInAs("teach-chen");
    expect(await download()).toBe(`"Student","Username","SIS ID","Class","Date","Status"`);
    await queryRows(sql`update users set locale = 'es' where username = 'dchen'`);
    await signInAs("teach-chen");
    expect(await download()).toBe(`"Estudiante","Usuario","ID del SIS","Clase","Fecha","Estado"`);
  });
});
