import "server-only";
import fs from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";
import { env } from "@/lib/env";

// The fonts the report-card PDF embeds (issue 27, item 7; decision 026). pdfkit's standard fonts
// (Helvetica) know only Windows-1252, so "Łukasz Nguyễn-Đặng" came out as garbage. The built-in
// face is Noto Sans from npm (@expo-google-fonts/noto-sans: Latin with every diacritic, incl.
// Vietnamese, Polish and Turkish, Greek and Cyrillic), embedded as a subset of the glyphs used.
// Scripts it lacks (Chinese, Japanese, Korean, Arabic, …) print with the font files the admin lists
// in REPORT_FONTS, chosen per run of text by which font has the glyph. A character no font has is
// drawn as U+FFFD "�", never as another character, and /admin names the names it affects.

export type FontStyle = "regular" | "bold" | "italic";

export interface Face {
  /** The name pdfkit registers the face under. */
  key: string;
  file: string;
  /** The face inside a collection (.ttc), by PostScript name. */
  member?: string;
  font: fontkit.Font;
}

export interface ReportFonts {
  styles: Record<FontStyle, Face>;
  /** The admin's fonts, in the order listed, for characters the built-in face lacks. */
  extra: Face[];
  /** REPORT_FONTS entries that could not be read, with why (shown on /admin). */
  problems: string[];
}

const BUILT_IN: Record<FontStyle, string> = {
  regular: "400Regular/NotoSans_400Regular.ttf",
  bold: "700Bold/NotoSans_700Bold.ttf",
  italic: "400Regular_Italic/NotoSans_400Regular_Italic.ttf",
};
export const REPLACEMENT = "\uFFFD";

function packageDir(): string {
  // A plain path, not require.resolve: the PDF code runs bundled by Next, where resolve gives a module id.
  return path.join(process.cwd(), "node_modules", "@expo-google-fonts", "noto-sans");
}

function openFace(key: string, file: string, member?: string): Face {
  const opened = fontkit.openSync(file);
  let font: fontkit.Font | undefined;
  if ("fonts" in opened) {
    font = member ? opened.fonts.find((f) => f.postscriptName === member) : opened.fonts[0];
    if (!font) throw new Error(`no face named ${member} in the collection`);
    member = font.postscriptName;
  } else {
    font = opened;
  }
  if (typeof font.hasGlyphForCodePoint !== "function") throw new Error("not a font file fontkit can read");
  return { key, file, member, font };
}

let cached: { config: string; fonts: ReportFonts } | undefined;

/** The built-in faces and the admin's (REPORT_FONTS: comma-separated paths, `file.ttc#PostScriptName` for one face of a collection). */
export function reportFonts(): ReportFonts {
  const config = env().REPORT_FONTS ?? "";
  if (cached?.config === config) return cached.fonts;
  const dir = packageDir();
  const styles = {
    regular: openFace("portal-regular", path.join(dir, BUILT_IN.regular)),
    bold: openFace("portal-bold", path.join(dir, BUILT_IN.bold)),
    italic: openFace("portal-italic", path.join(dir, BUILT_IN.italic)),
  };
  const extra: Face[] = [];
  const problems: string[] = [];
  for (const [i, entry] of config
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .entries()) {
    const [file, member] = entry.split("#") as [string, string | undefined];
    try {
      if (!fs.statSync(file).isFile()) throw new Error("not a file");
      extra.push(openFace(`portal-extra-${i}`, file, member));
    } catch (err) {
      problems.push(`${entry}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  const fonts = { styles, extra, problems };
  cached = { config, fonts };
  return fonts;
}

export interface Run {
  text: string;
  face: Face;
}

// Marks, joiners and variation selectors stay in the run of the character they modify.
const JOINING = /^[\p{M}\u200c\u200d\ufe00-\ufe0f]$/u;

// fontkit lays out a run in the direction of its first letter's script and reverses the glyphs of a
// right-to-left run (pdfkit has no bidirectional algorithm of its own): the scripts it reverses.
const RIGHT_TO_LEFT =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}]/u;
const NOT_NEUTRAL = /[^\p{Script=Common}\p{Script=Inherited}]/u;

/** Whether fontkit lays `text` out right to left (the first character that has a script decides). */
export function isRightToLeft(text: string): boolean {
  const first = NOT_NEUTRAL.exec(text)?.[0];
  return first !== undefined && RIGHT_TO_LEFT.test(first);
}

/**
 * `text` cut into runs, each with the first face that has all its characters: the style's own
 * face, then the admin's fonts. Characters none has become "�" in the style's face.
 *
 * Spaces stay with the run before them, except after a right-to-left run: fontkit would reverse
 * its trailing space to its left end, so "أحمد Haddad" printed as "أحمدHaddad" (and the space
 * doubled before the Arabic name). There the spaces open the next run instead.
 */
export function fontRuns(text: string, style: FontStyle, fonts: ReportFonts = reportFonts()): Run[] {
  const primary = fonts.styles[style];
  const runs: Run[] = [];
  let spaces = "";
  const flushSpaces = (next: Face | null) => {
    if (!spaces) return;
    const last = runs[runs.length - 1];
    if (
      last &&
      !isRightToLeft(last.text) &&
      [...spaces].every((c) => last.face.font.hasGlyphForCodePoint(c.codePointAt(0)!))
    )
      last.text += spaces;
    else if (next && next === last?.face) last.text += spaces;
    else runs.push({ text: spaces, face: next ?? primary });
    spaces = "";
  };
  for (const ch of text.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    const last = runs[runs.length - 1];
    if (/\s/u.test(ch) && (last || spaces) && primary.font.hasGlyphForCodePoint(cp)) {
      spaces += ch;
      continue;
    }
    if (!spaces && last && JOINING.test(ch) && last.face.font.hasGlyphForCodePoint(cp)) {
      last.text += ch;
      continue;
    }
    let face = primary;
    let out = ch;
    if (!primary.font.hasGlyphForCodePoint(cp)) {
      const other = fonts.extra.find((f) => f.font.hasGlyphForCodePoint(cp));
      if (other) face = other;
      else out = REPLACEMENT;
    }
    if (spaces) {
      // Between two runs of one face (an Arabic name of two words) the spaces stay inside it.
      if (last && last.face === face) {
        last.text += spaces + out;
        spaces = "";
        continue;
      }
      flushSpaces(face);
    }
    const tail = runs[runs.length - 1];
    if (tail && tail.face === face) tail.text += out;
    else runs.push({ text: out, face });
  }
  flushSpaces(null);
  return runs;
}

/** The characters of `text` that no font prints, in order of first appearance. */
export function unprintable(text: string, fonts: ReportFonts = reportFonts()): string[] {
  const missing = new Set<string>();
  for (const ch of text.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (/\s/u.test(ch) || fonts.styles.regular.font.hasGlyphForCodePoint(cp)) continue;
    if (!fonts.extra.some((f) => f.font.hasGlyphForCodePoint(cp))) missing.add(ch);
  }
  return [...missing];
}
