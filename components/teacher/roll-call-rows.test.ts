import { describe, expect, it } from "vitest";
import { parseDocument } from "htmlparser2";
import type { Element } from "domhandler";
import { findAll, getAttributeValue, textContent } from "domutils";
import { rollCallRowsHtml } from "./roll-call-rows";
import { rollCallKey } from "@/lib/domain/roll-call";

// The rows are HTML made by hand (issue 30), so what React used to guarantee is tested here: a
// student's name is text, never markup, and every row is the radio group the keyboard and screen
// readers were given before.
// Parsed as a browser would, into elements and text (htmlparser2, the parser under sanitize-html).
const elements = (html: string) => findAll(() => true, parseDocument(html).children);
const attr = (e: Element, name: string) => getAttributeValue(e, name);

describe("rollCallRowsHtml", () => {
  it("prints a name that looks like markup as text, in the row and in its label", () => {
    const name = `"><img src=x onerror=alert(1)> O'Brien & <b>Co</b>`;
    const all = elements(rollCallRowsHtml([{ id: 7, name }], "-"));
    expect(all.map((e) => e.name).filter((n) => n === "img" || n === "b")).toEqual([]);
    expect(textContent(all.find((e) => attr(e, "id") === "rc-7")!)).toBe(name);
    expect(all.filter((e) => attr(e, "role") === "radiogroup").map((e) => attr(e, "aria-labelledby"))).toEqual([
      "rc-7",
    ]);
  });

  it("gives each student four radios, the mark checked, one Tab stop, and a mark to post", () => {
    const all = elements(
      rollCallRowsHtml(
        [
          { id: 1, name: "Ann" },
          { id: 2, name: "Ben" },
        ],
        "PA",
      ),
    );
    const radios = all.filter((e) => e.name === "button" && attr(e, "role") === "radio");
    expect(radios.map((r) => `${textContent(r)}:${attr(r, "aria-label")}:${attr(r, "aria-checked")}`)).toEqual([
      "P:Present:true",
      "A:Absent:false",
      "L:Late:false",
      "E:Excused:false",
      "P:Present:false",
      "A:Absent:true",
      "L:Late:false",
      "E:Excused:false",
    ]);
    expect(radios.filter((r) => attr(r, "tabindex") === "0").map((r) => attr(r, "data-rc"))).toEqual(["0:0"]);
    // No type attribute: a submit button of the list's form, posting mark=<student>:<status>.
    expect(radios.map((r) => attr(r, "type"))).toEqual(Array(8).fill(undefined));
    expect(`${attr(radios[5]!, "name")}=${attr(radios[5]!, "value")}`).toBe("mark=2:absent");
  });

  it("names and letters the choices in the reader's language; its letters and the English ones both set a mark", () => {
    const spanish = [
      { label: "Presente", letter: "P" },
      { label: "Ausente", letter: "A" },
      { label: "Tarde", letter: "T" },
      { label: "Justificada", letter: "J" },
    ];
    const all = findAll(
      (e) => e.name === "button",
      parseDocument(rollCallRowsHtml([{ id: 7, name: "Ana" }], "L", 0, spanish)).children,
    );
    expect(all.map((b) => `${textContent(b)}:${getAttributeValue(b, "aria-label")}`)).toEqual([
      "P:Presente",
      "A:Ausente",
      "T:Tarde",
      "J:Justificada",
    ]);
    // The value posted stays the status, whatever the language.
    expect(all.map((b) => getAttributeValue(b, "value"))).toEqual(["7:present", "7:absent", "7:late", "7:excused"]);
    const status = (k: string) => {
      const key = rollCallKey(k, spanish);
      return key && "mark" in key ? key.mark.status : null;
    };
    expect(["t", "J", "j", "L", "E", "p", "x"].map(status)).toEqual([
      "late",
      "excused",
      "excused",
      "late",
      "excused",
      "present",
      null,
    ]);
  });
});
