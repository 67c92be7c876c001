import { describe, expect, it } from "vitest";
import { cardsDocument } from "@/lib/export/cards-html";
import { lettersDocument } from "@/lib/parent/letters-html";

// Issue 31: the toolbars of the printable letters and cards pages are the admin's, so they are in the
// language of whoever asked for the page (app/admin/letters, app/admin/cards pass it); each letter and
// card keeps its owner's language. Without a language (a teacher's class cards) they stay English.

const cardsCtx = { school: "Demo School", portal: "https://portal.example", title: "Biology (BIO-P2)", backHref: "/" };
const batch = {
  scopeName: null,
  letters: [],
  withoutGuardian: ["Ava Johnson"],
  parentsCreated: 2,
  codesGenerated: 3,
};
const lettersCtx = { school: "Demo School", portal: "https://portal.example", timeZone: "UTC", now: new Date() };

describe("the letters and cards toolbars", () => {
  it("are in Spanish for a Spanish reader, with the page's lang", async () => {
    const cards = await cardsDocument([], { ...cardsCtx, locale: "es" });
    expect(cards).toContain('<html lang="es">');
    expect(cards).toContain("Tarjetas de inicio de sesión: Biology (BIO-P2)");
    expect(cards).toContain("No hay nadie para quien imprimir una tarjeta.");
    expect(cards).not.toContain("Nobody to print a card for.");

    const letters = await lettersDocument(batch, { ...lettersCtx, locale: "es" });
    expect(letters).toContain('<html lang="es">');
    expect(letters).toContain("Cartas para los padres: toda la escuela");
    expect(letters).toContain("Se crearon 2 cuenta(s) de padres");
    expect(letters).toContain("1 estudiante(s) no tienen tutor ni número de padre registrado y no reciben carta:");
    expect(letters).toContain("Volver al panel de administración");
  });

  it("keep the spec's English when no language is given", async () => {
    const cards = await cardsDocument([], cardsCtx);
    expect(cards).toContain('<html lang="en">');
    expect(cards).toContain("Sign-in cards: Biology (BIO-P2)");
    expect(cards).toContain("Nobody to print a card for.");
    const letters = await lettersDocument(batch, lettersCtx);
    expect(letters).toContain("Parent letters: the whole school");
    expect(letters).toContain(
      "Each letter carries a new report-card link; the earlier links of the same guardians are now withdrawn. 2 parent account(s) were created from parent phone numbers and 3 access code(s) generated.",
    );
    expect(letters).toContain("Back to the admin dashboard");
  });
});
