import { describe, expect, it } from "vitest";
import { z } from "zod";
import { messageOfIssue, msg, sentences, zmsg } from "./message";
import { render, renderAnswer } from "./render";

// Issue 40: a descriptor is written in its reader's language only where it is shown.
describe("a message descriptor", () => {
  it("is plain data: its key and values, nothing else", () => {
    const saved = msg("admin.actions.saved", { name: "Biology 9" });
    expect(JSON.parse(JSON.stringify(saved))).toEqual({ key: "admin.actions.saved", values: { name: "Biology 9" } });
    expect(msg("admin.actions.studentGone")).toEqual({ key: "admin.actions.studentGone" });
  });

  it("is written in each language from its catalog, the same descriptor for every reader", () => {
    const saved = msg("admin.actions.saved", { name: "Biology 9" });
    expect(render(saved, "en")).toBe("Saved Biology 9");
    expect(render(saved, "es")).toBe("Biology 9 guardado");
    expect(render(saved, "en-XA")).toBe("[!! Saved Biology 9 !!]");
  });

  it("writes a plural by its number, and a value that is a message in the same language", () => {
    expect(render(msg("admin.actions.termsSaved", { count: 1 }), "es")).toBe("1 período guardado");
    expect(render(msg("admin.actions.termsSaved", { count: 4 }), "es")).toBe("4 períodos guardados");
    const unnamed = msg("admin.actions.termNumber", { n: 3 });
    expect(render(msg("admin.actions.termNeedsDates", { label: unnamed }), "en")).toBe(
      '"Term 3" needs a start and an end date.',
    );
    expect(render(msg("admin.actions.termNeedsDates", { label: unnamed }), "es")).toBe(
      '"Período 3" necesita una fecha de inicio y una de fin.',
    );
  });

  it("joins sentences as the catalog says", () => {
    const joined = sentences(
      msg("admin.actions.termNeedsName", { n: 2 }),
      msg("admin.actions.termEndsBefore", { label: "Fall" }),
      msg("admin.actions.termsMax", { max: 12 }),
    );
    expect(render(joined, "en")).toBe(
      'Term 2 needs a name. "Fall" ends before it starts. A school year has at most 12 terms.',
    );
    expect(render(sentences(msg("admin.actions.termsChanged")), "en")).toBe(
      "These terms were changed in the meantime. Reload the page and try again.",
    );
  });
});

describe("a zod schema's descriptor", () => {
  it("travels in the issue and comes out whole; a check without one answers 'not valid', never zod's English", () => {
    const schema = z.object({
      name: z.string().trim().min(1, zmsg("admin.actions.nameRequired")),
      code: z.string().max(3, { error: (issue) => zmsg("admin.actions.atMost", { max: Number(issue.maximum) }) }),
      plain: z.string(),
    });
    const parsed = schema.safeParse({ name: " ", code: "ABCDE", plain: 1 });
    expect(parsed.success).toBe(false);
    const messages = parsed.error!.issues.map((issue) => messageOfIssue(issue.message));
    expect(messages.slice(0, 2)).toEqual([msg("admin.actions.nameRequired"), msg("admin.actions.atMost", { max: 3 })]);
    expect(messages[2]).toEqual(msg("compose.invalidValue"));
    expect(render(messages[2]!, "es")).toBe("Ese valor no es válido.");
  });
});

describe("an action's answer", () => {
  it("has its message and field messages written in the reader's language; other text as it is", () => {
    const answer = renderAnswer(
      {
        ok: false,
        message: msg("admin.actions.nameRequired"),
        fieldErrors: { name: [msg("admin.actions.nameRequired")], code: ["Invalid input"] },
      },
      "es",
    );
    expect(answer).toEqual({
      ok: false,
      message: "El nombre es obligatorio",
      fieldErrors: { name: ["El nombre es obligatorio"], code: ["Invalid input"] },
    });
    expect(renderAnswer({ ok: true, data: 1 }, "es")).toEqual({ ok: true, data: 1 });
  });
});
