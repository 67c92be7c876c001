import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { reportFonts, unprintable } from "./fonts";
import { currentSchoolName } from "@/lib/school-name";
import { amongMembersHere } from "@/lib/db/schools";

// What /admin says about the report-card fonts (decision 026): the names a PDF would print with
// "�" because no font has some of their characters, and REPORT_FONTS entries that cannot be read.

export interface FontGaps {
  /** How many names (students, teachers, classes, the school) have a character no font prints. */
  names: number;
  examples: string[];
  /** Those characters, up to 20. */
  characters: string[];
  problems: string[];
}

export async function reportFontGaps(): Promise<FontGaps> {
  const fonts = reportFonts();
  // Only names with a character outside printable ASCII can lack a glyph; the rest are not read.
  const rows = await queryRows<{ name: string }>(sql`
    select name from users where role in ('student', 'instructor') and name ~ '[^ -~]' and ${amongMembersHere(sql.raw("users.id"), ["student", "instructor"])}
    union select name from levels where roster_deleted_at is null and name ~ '[^ -~]'`);
  const names = [await currentSchoolName(), ...rows.map((r) => r.name)];
  const characters = new Set<string>();
  const examples: string[] = [];
  let count = 0;
  for (const name of names) {
    const missing = unprintable(name, fonts);
    if (missing.length === 0) continue;
    count += 1;
    if (examples.length < 5) examples.push(name);
    for (const ch of missing) if (characters.size < 20) characters.add(ch);
  }
  return { names: count, examples, characters: [...characters], problems: fonts.problems };
}
