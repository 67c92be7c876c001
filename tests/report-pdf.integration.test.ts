import { openCode } from "@/lib/auth/code-store";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as reportCardsRoute } from "@/app/admin/report-cards/route";
import { GET as childPdfRoute } from "@/app/children/[studentId]/pdf/route";
import { GET as linkPdfRoute } from "@/app/r/[token]/pdf/route";
import { PEER_HEADER } from "@/lib/client-address";
import { queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_CLASSES, DEMO_INSTRUCTORS } from "@/lib/db/demo-school";
import { teacherLetter } from "@/lib/domain/grades";
import { loadClassTermGrades } from "@/lib/gradebook/class-term-grades";
import {
  issueReportLink,
  newReportToken,
  openReportLink,
  REPORT_LINK_NEUTRAL,
  revokeReportLink,
} from "@/lib/parent/report-links";
import { cookieJar } from "./support/request-context";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { pdfText } from "./support/pdf";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";
import { setTermPublished } from "@/lib/terms/publishing";
import { render } from "@/lib/i18n/render";
import { dateInTimeZone } from "@/lib/domain/dates";
import { formatDay } from "@/lib/domain/format";
import { installTimeZone } from "@/lib/env";
import { forgetOverrides } from "@/lib/school-overrides";

// The term report-card PDF (issue 19), read back with poppler's pdftotext: every student's name,
// each class's letter from the calculator and the teacher's comment are real text in it.

useTestDatabase();
const CLASS = DEMO_CLASSES[0].code;
let term: number;

const get = (query: string) => reportCardsRoute(new Request(`http://localhost/admin/report-cards?${query}`));

beforeAll(async () => {
  await seedDemo();
  await queryRows(
    sql`insert into school_terms (title, type, start_date, end_date) values ('Autumn 2026', 'term', current_date - 300, current_date + 300)`,
  );
  [{ id: term }] = (await queryRows<{ id: number }>(sql`select id from school_terms`)) as [{ id: number }];
  const students = await queryRows<{ id: number; name: string }>(sql`
    select u.id, u.name from student_enrollment e join users u on u.id = e.student_id where e.level_code = ${CLASS} order by u.id limit 2`);
  for (const s of students) {
    await queryRows(
      sql`insert into term_comments (level_code, student_id, term_id, comment) values (${CLASS}, ${s.id}, ${term}, ${`${s.name.split(" ")[0]} reads carefully and asks good questions.`})`,
    );
  }
});

describe("term report-card PDF", () => {
  it("is refused to non-admins and for a term not yet published", async () => {
    await signInAs(DEMO_INSTRUCTORS[0].code);
    expect((await get(`term=${term}&scope=school`)).status).toBe(403);
    await signInAs(DEMO_ADMIN.code);
    const unpublished = await get(`term=${term}&scope=school`);
    expect([unpublished.status, await unpublished.text()]).toEqual([
      409,
      "Autumn 2026 is not published yet: publish it on /admin → Terms first.",
    ]);
    expect((await get(`term=abc&scope=school`)).status).toBe(400);
    expect((await get(`term=${term}&scope=elsewhere`)).status).toBe(400);
  });

  it("prints every student of the class with their letter and comment as text, one per page", async () => {
    const admin = await signInAs(DEMO_ADMIN.code);
    expect(await setTermPublished(term, true, admin.id)).toMatchObject({ ok: true });
    const res = await get(`term=${term}&scope=class:${CLASS}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(bytes);
    const { rows } = await loadClassTermGrades(CLASS, term, "UTC");
    expect(rows.length).toBeGreaterThan(5);
    const pages = text.split("\f").filter((p) => p.trim());
    expect(pages).toHaveLength(rows.length);
    for (const r of rows) {
      const page = pages.find((p) => p.includes(r.name));
      expect(page, r.name).toBeDefined();
      expect(page).toContain("Report card — Autumn 2026");
      expect(page).toMatch(new RegExp(`\\b${teacherLetter(r.view.percent).replace("+", "\\+")}\\s`));
      expect(page).toContain(`${r.view.percent}%`);
      if (r.comment) expect(page!.replace(/\s+/g, " ")).toContain(r.comment);
    }
    expect(text).toContain("reads carefully and asks good questions.");
    const [audit] = await queryRows<{ detail: { students: number } }>(
      sql`select detail from audit_log where action = 'report_cards.printed'`,
    );
    expect(audit!.detail.students).toBe(rows.length);
  });

  it("gives a linked parent their child's page, and no one else's", async () => {
    const [pair] = await queryRows<{ parent_code: string; parent_id: number; student_id: number; name: string }>(sql`
      select p.code_sealed as parent_code, p.id as parent_id, g.student_id, s.name from guardian_links g join users p on p.id = g.parent_id join users s on s.id = g.student_id
      join student_enrollment e on e.student_id = g.student_id and e.level_code = ${CLASS} where g.removed_at is null order by g.id limit 1`);
    await signInAs(openCode(pair!.parent_code)!);
    const res = await childPdfRoute(new Request("http://localhost/x"), {
      params: Promise.resolve({ studentId: String(pair!.student_id) }),
    });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain(pair!.name);
    expect(text.split("\f").filter((p) => p.trim())).toHaveLength(1);
    const [stranger] = await queryRows<{ id: number }>(sql`
      select u.id from users u where u.role = 'student'
      and not exists (select 1 from guardian_links g join users p on p.id = g.parent_id where g.student_id = u.id and p.id = ${pair!.parent_id} and g.removed_at is null)
      order by u.id limit 1`);
    expect(
      (
        await childPdfRoute(new Request("http://localhost/x"), {
          params: Promise.resolve({ studentId: String(stranger!.id) }),
        })
      ).status,
    ).toBe(403);
  });
});

describe("report-card link PDF (/r/<token>/pdf)", () => {
  let pair: { guardian_link_id: number; student_id: number; name: string };
  let token: string;
  let linkId: number;
  let admin: number;
  const fetchPdf = (t: string, client: string) =>
    linkPdfRoute(new Request(`http://localhost/r/${t}/pdf`, { headers: { [PEER_HEADER]: client } }), {
      params: Promise.resolve({ token: t }),
    });

  beforeAll(async () => {
    admin = await userIdByCode(DEMO_ADMIN.code);
    [pair] = (await queryRows<{ guardian_link_id: number; student_id: number; name: string }>(sql`
      select g.id as guardian_link_id, g.student_id, s.name from guardian_links g join users s on s.id = g.student_id
      join student_enrollment e on e.student_id = g.student_id and e.level_code = ${CLASS} where g.removed_at is null order by g.id limit 1`)) as [
      typeof pair,
    ];
    const issued = await issueReportLink({
      guardianLinkId: pair.guardian_link_id,
      expiresAt: new Date(Date.now() + 86_400_000),
      actorId: admin,
    });
    if (!issued.ok) throw new Error(render(issued.message, "en"));
    [token, linkId] = [issued.token, issued.linkId];
    cookieJar.clear(); // a link holder has no session
  });

  it("gives the link's holder the student's page of the published term, with the class's letter", async () => {
    const res = await fetchPdf(token, "203.0.113.80");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain(pair.name);
    expect(text).toContain("Report card — Autumn 2026");
    expect(text.split("\f").filter((p) => p.trim())).toHaveLength(1);
    const row = (await loadClassTermGrades(CLASS, term, "UTC")).rows.find((r) => r.studentId === pair.student_id)!;
    expect(text).toContain(DEMO_CLASSES[0].name);
    expect(text).toMatch(new RegExp(`\\b${teacherLetter(row.view.percent).replace("+", "\\+")}\\s`));
    const [used] = await queryRows<{ detail: Record<string, unknown> }>(
      sql`select detail from audit_log where action = 'report_link.opened' order by id desc limit 1`,
    );
    expect(used!.detail).toEqual({ linkId, studentId: pair.student_id, use: "pdf" });
  });

  it("prints the school's own day when the link's PDF is the first request a process serves", async () => {
    // Two zones 25 hours apart: at any moment one of them is on another day than the install's.
    const installDay = dateInTimeZone(new Date(), installTimeZone());
    const zone = ["Pacific/Kiritimati", "Pacific/Pago_Pago"].find((z) => dateInTimeZone(new Date(), z) !== installDay)!;
    await queryRows(sql`update schools set time_zone = ${zone} where id = 1`);
    forgetOverrides(); // a process that has read no school's settings yet
    try {
      const text = pdfText(Buffer.from(await (await fetchPdf(token, "203.0.113.81")).arrayBuffer()));
      expect(text).toContain(`printed ${formatDay(dateInTimeZone(new Date(), zone), "en")}`);
      expect(text).not.toContain(`printed ${formatDay(installDay, "en")}`);
    } finally {
      await queryRows(sql`update schools set time_zone = null where id = 1`);
      forgetOverrides();
    }
  });

  it("answers 409 while nothing is published, and a bad token still only the neutral sentence", async () => {
    await queryRows(sql`delete from term_publications`);
    try {
      const res = await fetchPdf(token, "203.0.113.81");
      expect([res.status, await res.text()]).toEqual([409, "No term's report cards have been published yet."]);
      const bad = await fetchPdf(newReportToken(), "203.0.113.81");
      expect([bad.status, await bad.text()]).toEqual([404, REPORT_LINK_NEUTRAL]);
    } finally {
      await queryRows(sql`insert into term_publications (term_id) values (${term})`);
    }
  });

  it("refuses a made-up, malformed or withdrawn token with the page's neutral sentence and no PDF", async () => {
    const answers = [];
    for (const t of [newReportToken(), token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"), "../../etc/passwd"])
      answers.push(await fetchPdf(t, "203.0.113.82"));
    expect(await revokeReportLink({ linkId, actorId: admin })).toMatchObject({ ok: true });
    answers.push(await fetchPdf(token, "203.0.113.82"));
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(await res.text()).toBe(REPORT_LINK_NEUTRAL);
    }
  });

  it("counts against the page's limit per client, and says when to try again", async () => {
    for (let i = 0; i < 10; i++) await openReportLink(newReportToken(), "203.0.113.83");
    const res = await fetchPdf(token, "203.0.113.83");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.text()).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
  });
});
