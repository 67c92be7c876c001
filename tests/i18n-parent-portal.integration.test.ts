import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as lookupRoute } from "@/app/api/parent/lookup/route";
import { POST as reportRoute } from "@/app/api/parent/report/route";
import { DEMO_STUDENTS } from "@/lib/db/demo-school";
import { resetEnvCache } from "@/lib/env";
import { requestHeaders } from "./support/request-context";
import { seedDemo, userIdByCode } from "./support/fixtures";
import { useTestDatabase } from "./support/test-db";

// Issue 31: the parent portal's answers (/api/parent/*) reach the family in the language of the
// page they asked from, like the rest of /parent; English stays the spec's wording.

useTestDatabase();

beforeAll(async () => {
  await seedDemo();
});
afterAll(() => {
  requestHeaders.delete("accept-language");
  delete process.env.PARENT_PORTAL;
  resetEnvCache();
});

let clientNo = 0;
async function ask(route: (r: Request) => Promise<Response>, body: unknown, language: string) {
  requestHeaders.set("accept-language", language);
  const response = await route(
    new Request("http://localhost/api/parent/x", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.9.0.${++clientNo}`, host: "localhost" },
      body: JSON.stringify(body),
    }),
  );
  return { status: response.status, body: (await response.json()) as { error?: string; sections?: unknown } };
}

describe("the parent portal's answers in the family's language", () => {
  it("refuses a short number and an unknown one in Spanish for a Spanish browser, in English otherwise", async () => {
    expect(await ask(lookupRoute, { phone: "123" }, "es-MX,es;q=0.9")).toEqual({
      status: 400,
      body: { error: "Por favor, ingrese un número de teléfono válido (al menos 7 dígitos)" },
    });
    expect(await ask(lookupRoute, { phone: "" }, "es")).toEqual({
      status: 400,
      body: { error: "Por favor, ingrese un número de teléfono" },
    });
    expect((await ask(lookupRoute, { phone: "555-999-9999" }, "es")).body.error).toBe(
      "No se encontraron estudiantes con ese número de teléfono del padre o la madre",
    );
    expect((await ask(lookupRoute, { phone: "555-999-9999" }, "en-US")).body.error).toBe(
      "No students found with that parent phone number",
    );
  });

  it("says where report cards open, and that the portal is off, in Spanish", async () => {
    const student = await userIdByCode(DEMO_STUDENTS[0]!.code);
    expect((await ask(reportRoute, { phone: "(555) 201-0001", studentId: student }, "es")).body.error).toMatch(
      /^Las boletas de calificaciones se abren con el enlace/,
    );
    process.env.PARENT_PORTAL = "off";
    resetEnvCache();
    expect((await ask(lookupRoute, { phone: "5552010001" }, "es")).body.error).toBe(
      "El portal para familias está desactivado en esta escuela. Por favor, comuníquese con la oficina de la escuela.",
    );
    delete process.env.PARENT_PORTAL;
    resetEnvCache();
  });

  it("writes an open portal's report card in Spanish for a Spanish browser", async () => {
    process.env.PARENT_PORTAL = "open";
    resetEnvCache();
    const student = await userIdByCode(DEMO_STUDENTS[0]!.code);
    const spanish = await ask(reportRoute, { phone: "(555) 201-0001", studentId: student }, "es");
    const english = await ask(reportRoute, { phone: "(555) 201-0001", studentId: student }, "en");
    expect(spanish.status).toBe(200);
    const dates = (card: unknown) =>
      (card as { classes: { grades: { gradedOn: string }[] }[] }).classes.flatMap((c) =>
        c.grades.map((g) => g.gradedOn),
      );
    // "14 nov 2026" for the Spanish reader, "Nov 14, 2026" for the English one.
    expect(dates(spanish.body).length).toBeGreaterThan(0);
    for (const d of dates(spanish.body)) expect(d).toMatch(/^\d{1,2} [a-z]{3,5}\.? \d{4}$/);
    for (const d of dates(english.body)) expect(d).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    delete process.env.PARENT_PORTAL;
    resetEnvCache();
  });
});
