import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { saveGrade } from "@/app/level/[levelCode]/update/grade-actions";
import { createAssignment } from "@/app/level/[levelCode]/update/assignment-actions";
import { setAttendance } from "@/app/level/[levelCode]/update/attendance-actions";
import { savePreferencesAction } from "@/app/notifications/actions";
import { sendTestMailAction } from "@/app/admin/mail-actions";
import { idle } from "@/lib/action-result";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_STUDENTS } from "@/lib/db/demo-school";
import { addDays, dateInTimeZone } from "@/lib/domain/dates";
import { formatDay } from "@/lib/domain/format";
import { enqueue } from "@/lib/jobs/queue";
import { DIGEST_RUN } from "@/lib/notify/digest";
import { listNotifications } from "@/lib/notify/notifications";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { ORIGIN, settle, useTestSmtp } from "./support/mail";
import { useTestDatabase } from "./support/test-db";

// Issue 31: every e-mail is written in its recipient's language (users.locale, else SCHOOL_LOCALE),
// never the sender's. Read as a mail client would, from a real SMTP server on loopback: subject,
// the text part and the HTML part.

useTestDatabase();
const smtp = useTestSmtp({ SCHOOL_NAME: "Demo High School" });
const today = dateInTimeZone(new Date(), "UTC");
const liam = DEMO_STUDENTS[1]!;
const maya = DEMO_STUDENTS[2]!;
const ids: Record<string, number> = {};
const GRACE = "grace.johnson@example.com";
const KEN = "ken.kim@example.com";

beforeAll(async () => {
  await seedDemo();
  for (const [k, code] of Object.entries({
    liam: liam.code,
    maya: maya.code,
    grace: "parent-johnson",
    ken: "parent-kim",
  }))
    ids[k] = await userIdByCode(code);
  // Liam's two guardians: Grace reads Spanish, Ken has chosen nothing (the school's English).
  await queryRows(sql`update users set locale = 'es', email = ${GRACE} where id = ${ids.grace}`);
  await queryRows(sql`update users set locale = null, email = ${KEN} where id = ${ids.ken}`);
  await queryRows(
    sql`insert into guardian_links (parent_id, student_id, relationship, source) values (${ids.ken}, ${ids.liam}, 'guardian', 'admin')
        on conflict do nothing`,
  );
  await queryRows(
    sql`insert into guardian_links (parent_id, student_id, relationship, source) values (${ids.grace}, ${ids.maya}, 'guardian', 'admin')
        on conflict do nothing`,
  );
});
beforeEach(async () => {
  smtp.messages.length = 0;
  await queryRows(sql`delete from notification_preferences`);
  // The class's teacher marks the roll (in English): what the families get must not follow him.
  await signInAs("teach-chen");
});

describe("an absence, in each guardian's own language", () => {
  it("reaches the Spanish-speaking guardian in Spanish and the other in English: subject, text and HTML", async () => {
    const day = addDays(today, -1);
    expect(
      await setAttendance({ levelCode: "BIO-P2", studentId: ids.liam!, date: day, status: "absent" }),
    ).toMatchObject({ ok: true });
    await settle();

    const [es] = smtp.to(GRACE);
    expect(es).toBeDefined();
    const spanishDay = formatDay(day, "es");
    expect(es!.mail.subject).toBe(
      `Se registró una ausencia de ${liam.name} en Biology el ${spanishDay} · Demo High School`,
    );
    expect(es!.mail.text).toContain(`Se registró una ausencia de ${liam.name} en Biology el ${spanishDay}`);
    expect(es!.mail.text).toContain(`Abrir en el portal: ${ORIGIN}/children/${ids.liam}`);
    expect(es!.mail.text).toContain(
      "Usted recibe este mensaje porque «Ausencias y retrasos» está configurado como «De inmediato».",
    );
    expect(es!.mail.text).toContain("Dejar de recibir estos correos: ");
    expect(es!.mail.text).not.toMatch(/Open in the portal|You receive this|Unsubscribe/);
    expect(es!.mail.html).toContain('<html lang="es">');
    // The header a mail client reads to offer translation or choose a voice (RFC 3282).
    expect(es!.header("content-language")).toBe("es");
    expect(es!.mail.html).toContain(`>Abrir en el portal</a>`);
    expect(es!.mail.html).toContain(">Cancelar la suscripción</a>");
    expect(es!.mail.html).toContain(">Elegir qué recibe</a>");
    expect(es!.mail.html).not.toMatch(/Open in the portal|You receive this|>Unsubscribe</);

    const [en] = smtp.to(KEN);
    expect(en).toBeDefined();
    expect(en!.mail.subject).toBe(`${liam.name} was marked absent in Biology on ${formatDay(day)} · Demo High School`);
    expect(en!.mail.text).toContain(`Open in the portal: ${ORIGIN}/children/${ids.liam}`);
    expect(en!.mail.text).toContain("You receive this because “Absences and tardies” is set to “Immediately”.");
    expect(en!.mail.html).toContain('<html lang="en">');
    expect(en!.header("content-language")).toBe("en");
    expect(en!.mail.html).toContain(">Open in the portal</a>");
    expect(en!.mail.html).toContain(">Unsubscribe</a>");

    // The bell: each of them reads the entry in their own language too.
    expect((await listNotifications(ids.grace!)).map((n) => n.title)).toContain(
      `Se registró una ausencia de ${liam.name} en Biology el ${spanishDay}`,
    );
    expect((await listNotifications(ids.ken!)).map((n) => n.title)).toContain(
      `${liam.name} was marked absent in Biology on ${formatDay(day)}`,
    );
  });
});

describe("a digest in Spanish", () => {
  it("heading, items, grade with a decimal comma, feedback framing, coming up and footer are Spanish; the teacher's words stay as written", async () => {
    await signInAs("parent-johnson");
    expect(
      await savePreferencesAction(
        idle,
        form({
          attendance: "daily",
          work: "daily",
          grade: "daily",
          announcement: "off",
          report_card: "immediately",
          comment: "immediately",
          message: "immediately",
          threshold: 70,
        }),
      ),
    ).toMatchObject({ ok: true });
    await signInAs("admin-demo");
    await setAttendance({ levelCode: "ALG1-P1", studentId: ids.maya!, date: addDays(today, -2), status: "late" });
    expect(
      await createAssignment(
        idle,
        form({
          levelCode: "ALG1-P1",
          title: "Fractions quiz",
          description: "x",
          maxScore: 10,
          dueDate: new Date(Date.now() + 5 * 86_400_000).toISOString(),
        }),
      ),
    ).toMatchObject({ ok: true });
    const [quiz] = await queryRows<{ id: number }>(sql`select id from assignments where title = 'Fractions quiz'`);
    await saveGrade({
      levelCode: "ALG1-P1",
      assignmentId: quiz!.id,
      studentId: ids.maya!,
      score: "3.5",
      feedback: "Show your working on each step.",
    });
    await settle();
    expect(smtp.to(GRACE)).toHaveLength(0);

    await enqueue(db(), {
      kind: DIGEST_RUN,
      dedupeKey: `digest:daily:${today}`,
      payload: { period: "daily", day: today },
    });
    await settle();
    const [digest] = smtp.to(GRACE);
    expect(digest).toBeDefined();
    const { mail } = digest!;
    expect(mail.subject).toBe(`Su resumen diario del ${formatDay(today, "es")} · Demo High School`);
    expect(mail.text).toContain(
      `Se registró un retraso de ${maya.name} en Algebra I el ${formatDay(addDays(today, -2), "es")}`,
    );
    expect(mail.text).toContain("Nueva calificación en Algebra I: Fractions quiz");
    expect(mail.text).toContain(`${maya.name}: 3,5 / 10 (35\u00a0%) en «Fractions quiz».`);
    expect(mail.text).toContain("Comentario del maestro: Show your working on each step.");
    expect(mail.text).toContain(
      "Usted recibe este mensaje porque algunas notificaciones están configuradas como «Resumen diario».",
    );
    expect(mail.text).toContain("Dejar de recibir este resumen: ");
    expect(mail.html).toContain('<html lang="es">');
    expect(digest!.header("content-language")).toBe("es");
    expect(mail.html).toContain(">Abrir el portal</a>");
    expect(mail.html).toContain(">Dejar de recibir este resumen</a>");
    expect(`${mail.text}\n${mail.html}`).not.toMatch(
      /Your daily summary|Open the portal|You receive this|New grade|Teacher's feedback/,
    );
  });
});

describe("the admin's test e-mail", () => {
  it("is in the admin's own language, and says so in its Content-Language header", async () => {
    await queryRows(sql`update users set locale = 'es' where id = ${await userIdByCode("admin-demo")}`);
    await signInAs("admin-demo");
    expect(await sendTestMailAction(idle, form({ to: "it@demo.school" }))).toMatchObject({ ok: true });
    const [sent] = smtp.to("it@demo.school");
    expect(sent!.mail.html).toContain('<html lang="es">');
    expect(sent!.header("content-language")).toBe("es");
  });
});
