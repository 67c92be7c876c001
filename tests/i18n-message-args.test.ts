import fs from "node:fs";
import { describe, expect, it } from "vitest";
import en from "@/lib/i18n/messages/en.json";
import { argsOf, MESSAGE_ARGS_FILE, messageArgsSource } from "@/scripts/lib/message-args";

// Issue 40: descriptors are typed from the English catalog through lib/i18n/message-args.ts, written
// by `npm run i18n:args`. A message added or re-worded without running it would be typed from the
// old text: a value it now needs would not be asked for.

describe("the descriptors' types", () => {
  it("lib/i18n/message-args.ts is what today's English catalog makes (run npm run i18n:args)", async () => {
    expect(fs.readFileSync(MESSAGE_ARGS_FILE, "utf8")).toBe(await messageArgsSource(en));
  });

  it("take ICU's view of each value: a plural's is a number, a simple argument a word, number or message", () => {
    expect(Object.fromEntries(argsOf("Saved {name}")!)).toEqual({ name: "Text" });
    expect(Object.fromEntries(argsOf("{count, plural, one {# term} other {{who}: # terms}}")!)).toEqual({
      count: "number",
      who: "Text",
    });
    expect(Object.fromEntries(argsOf("{n} of {total, number}")!)).toEqual({ n: "Text", total: "number" });
    expect(Object.fromEntries(argsOf("{role, select, admin {An admin} other {Someone}}")!)).toEqual({
      role: "string",
    });
    expect(argsOf("Press <kbd>P</kbd>")).toBeNull();
    expect(() => argsOf("Due {when, date, short}")).toThrow(/date and time/);
  });
});
