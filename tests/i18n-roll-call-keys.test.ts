import { describe, expect, it } from "vitest";
import { ROLL_CALL_CHOICES, movingLetters, rollCallKey } from "@/lib/domain/roll-call";
import { messagesFor } from "@/lib/i18n/catalog";
import { LOCALES } from "@/lib/i18n/locales";

// Issue 39 item 12: in Spanish `j` was taken as "move down" before the letter J (justificada) was
// read. A reader's own letters win over the letters that move; every language's four letters are
// checked here, and the roll call's key help says what each key does in that language.

for (const locale of LOCALES) {
  const words = messagesFor(locale).teacherRollCall;
  const choices = ROLL_CALL_CHOICES.map((c) => ({ label: words.choices[c.status], letter: words.letters[c.status] }));
  const kbd = [...words.keysHelp.matchAll(/<kbd>(.*?)<\/kbd>/g)].map((m) => m[1]!);

  describe(`the roll call's keys in ${locale}`, () => {
    it("each of the four letters sets its status, in either case", () => {
      for (const [i, c] of ROLL_CALL_CHOICES.entries()) {
        const letter = choices[i]!.letter;
        expect(rollCallKey(letter.toLowerCase(), choices), `${letter} in ${locale}`).toEqual({ mark: c });
        expect(rollCallKey(letter.toUpperCase(), choices), `${letter} in ${locale}`).toEqual({ mark: c });
      }
    });

    it("j and k move only where neither is one of the language's letters; the arrows always do", () => {
      const letters = new Set(choices.map((c) => c.letter.toLowerCase()));
      const free = !letters.has("j") && !letters.has("k");
      expect(movingLetters(choices)).toEqual(free ? { j: 1, k: -1 } : {});
      if (free) {
        expect(rollCallKey("j", choices)).toEqual({ move: 1 });
        expect(rollCallKey("k", choices)).toEqual({ move: -1 });
      } else {
        for (const key of ["j", "k"]) expect(rollCallKey(key, choices) ?? {}).not.toHaveProperty("move");
      }
      expect(rollCallKey("ArrowDown", choices)).toEqual({ move: 1 });
      expect(rollCallKey("ArrowUp", choices)).toEqual({ move: -1 });
    });

    it("the key help names the four letters, the arrows, and j k only where they move", () => {
      for (const c of choices) expect(kbd, c.letter).toContain(c.letter);
      expect(kbd).toEqual(expect.arrayContaining(["↑", "↓"]));
      const moving = Object.keys(movingLetters(choices));
      expect(kbd.filter((k) => k === "j" || k === "k")).toEqual(moving);
    });
  });
}

describe("the English letters in another language", () => {
  it("still set their status where the language has not taken the letter", () => {
    const words = messagesFor("es").teacherRollCall;
    const choices = ROLL_CALL_CHOICES.map((c) => ({ label: words.choices[c.status], letter: words.letters[c.status] }));
    expect(rollCallKey("l", choices)).toEqual({ mark: ROLL_CALL_CHOICES[2] }); // late
    expect(rollCallKey("E", choices)).toEqual({ mark: ROLL_CALL_CHOICES[3] }); // excused
    expect(rollCallKey("x", choices)).toBeNull();
  });
});
