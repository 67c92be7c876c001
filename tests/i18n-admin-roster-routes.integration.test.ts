import { beforeAll, describe, expect, it } from "vitest";
import { POST as adminCardsRoute } from "@/app/admin/cards/route";
import { POST as lettersRoute } from "@/app/admin/letters/route";
import { POST as previewRoute } from "@/app/admin/roster/preview/route";
import { POST as classCardsRoute } from "@/app/level/[levelCode]/cards/route";
import { DEMO_ADMIN } from "@/lib/db/demo-school";
import { LOCALE_COOKIE } from "@/lib/i18n/request-locale";
import { csv, userRow, USERS_HEADER } from "@/lib/roster/test-support";
import { cookieJar } from "./support/request-context";
import { seedDemo } from "./support/fixtures";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 31: the roster import's answers (its problems and its routes' refusals) and the refusal pages
// of the letters and cards routes reach the admin in the admin's language; English stays the spec's.

useTestDatabase();
beforeAll(seedDemo);

function post(url: string, fields: Record<string, string | Blob> = {}, origin = "http://localhost") {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === "string") body.set(k, v);
    else body.set(k, v, "users.csv");
  }
  return new Request(url, { method: "POST", headers: { host: "localhost", origin }, body });
}

// A OneRoster users file without its manifest, one user's role unknown.
const badUsers = () =>
  new Blob(
    [csv([USERS_HEADER, userRow({ id: "u1", role: "coach", given: "Cam", family: "Coach", username: "ccoach" })])],
    { type: "text/csv" },
  );

describe("the roster preview in the reader's language", () => {
  it("lists a bad file's problems in Spanish, and in the spec's English otherwise", async () => {
    await signInAs(DEMO_ADMIN.code);
    cookieJar.set(LOCALE_COOKIE, "es");
    const es = (await (
      await previewRoute(post("http://localhost/admin/roster/preview", { files: badUsers() }))
    ).json()) as {
      problems: string[];
      warnings: string[];
    };
    expect(es.problems.join("\n")).toContain('"coach" no es un rol que tenga el portal');
    expect(es.warnings.join("\n")).toContain("no hay manifest.csv");
    expect(es.problems.join("\n")).not.toContain("is not a role");

    cookieJar.set(LOCALE_COOKIE, "en");
    const en = (await (
      await previewRoute(post("http://localhost/admin/roster/preview", { files: badUsers() }))
    ).json()) as {
      problems: string[];
    };
    expect(en.problems.join("\n")).toContain('"coach" is not a role the portal has');
  });

  it("refuses in Spanish", async () => {
    await signInAs(DEMO_ADMIN.code);
    cookieJar.set(LOCALE_COOKIE, "es");
    const empty = await previewRoute(post("http://localhost/admin/roster/preview", { format: "auto" }));
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { message: string }).message).toBe(
      "Elija los archivos que desea importar: un .zip de OneRoster, sus archivos CSV o las plantillas completadas.",
    );
    const foreign = await previewRoute(post("http://localhost/admin/roster/preview", {}, "https://evil.example"));
    expect(((await foreign.json()) as { message: string }).message).toBe("Prohibido");
  });
});

describe("the letters' and cards' refusal pages in the reader's language", () => {
  it("are in Spanish, with the page's lang, for a Spanish reader", async () => {
    await signInAs(DEMO_ADMIN.code);
    cookieJar.set(LOCALE_COOKIE, "es");
    const letters = await (await lettersRoute(post("http://localhost/admin/letters", { scope: "NOPE-1" }))).text();
    expect(letters).toContain('<html lang="es" dir="ltr">');
    expect(letters).toContain("<h1>Clase no encontrada</h1>");
    expect(letters).toContain("Volver al panel de administración");

    const cards = await (await adminCardsRoute(post("http://localhost/admin/cards", { scope: "NOPE-1" }))).text();
    expect(cards).toContain("<h1>Clase no encontrada</h1><p>No hay ninguna clase con ese código.</p>");

    const foreign = await (
      await classCardsRoute(post("http://localhost/level/BIO-P2/cards", {}, "https://evil.example"), {
        params: Promise.resolve({ levelCode: "BIO-P2" }),
      })
    ).text();
    expect(foreign).toContain("<h1>Prohibido</h1><p>Este formulario debe enviarse desde el propio portal.</p>");
  });

  it("keep the spec's English for an English reader", async () => {
    await signInAs(DEMO_ADMIN.code);
    cookieJar.set(LOCALE_COOKIE, "en");
    const cards = await (await adminCardsRoute(post("http://localhost/admin/cards", { scope: "NOPE-1" }))).text();
    expect(cards).toBe(
      '<!doctype html><html lang="en" dir="ltr"><head><meta charset="utf-8"><title>Class not found</title></head><body><main><h1>Class not found</h1><p>There is no class with that code.</p><p><a href="/admin">Back</a></p></main></body></html>',
    );
  });
});
