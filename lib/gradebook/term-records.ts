// Stored term grades (issue 27): publishing a term writes, per student and class, exactly what the
// report card says (term_grade_records); every view of a published term reads those rows back and
// nothing recomputes them. Publishing again (after an unlock and edits) replaces the rows of the
// students whose card changed, each audited old → new, and marks them for a new notice.
import { concludedClass, currentOf, listYears } from "@/lib/queries/school-years";
import "server-only";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { db, queryRows, type Db } from "@/lib/db/client";
import { dateInTimeZone } from "@/lib/domain/dates";
import { listGradingTerms } from "@/lib/terms/terms";
import { holdAllGradeWrites } from "./lock";
import { displayedFacts, storedTermGrade, type StoredTermGrade } from "@/lib/domain/stored-grade";
import { storedCardFrom, storedCardJson } from "./stored-cards";
import type { Term } from "@/lib/domain/terms";
import { countAttendanceBetween } from "@/lib/queries/attendance";
import { studentWork } from "./class-term-grades";
import { readClassTermInputs } from "./class-term-inputs";
import { termGradeOf } from "./term-grades";

type Runner = Pick<Db, "execute" | "insert">;

const sha256 = (v: unknown) => crypto.createHash("sha256").update(JSON.stringify(v)).digest("hex");

/** The hash of what a card shows (display_hash): two cards with the same one read the same. */
export const displayHashOf = (card: StoredTermGrade) => sha256(displayedFacts(card));

interface Line {
  levelCode: string;
  studentId: number;
  card: StoredTermGrade;
  fingerprint: string;
  displayHash: string;
}

/** Every line of a class's card for the term, from the live data, read on `tx`. */
async function classLines(tx: Runner, levelCode: string, term: Term, timeZone: string, nowMs: number, today: string) {
  const [inputs, attendance] = [
    await readClassTermInputs(levelCode, timeZone, tx),
    await countAttendanceBetween(levelCode, term, tx),
  ];
  const settings = inputs.context.settings.get(levelCode)!;
  const lines: Line[] = [];
  for (const st of inputs.students) {
    const work = studentWork(inputs, st.id);
    const overrides = inputs.overrides.get(st.id) ?? new Map();
    const { items, grade } = termGradeOf(inputs.context.terms, settings, work, overrides, term.id, today, nowMs);
    const counts = attendance.get(st.id) ?? { present: 0, absent: 0, late: 0, excused: 0 };
    const comment = inputs.comments.get(`${term.id}:${st.id}`) ?? null;
    const card = storedTermGrade(grade, counts, comment, inputs.context.letterScale);
    lines.push({
      levelCode,
      studentId: st.id,
      card,
      // What the calculator was given: a republication with the same inputs is the same card.
      fingerprint: sha256([settings, items, overrides.get(term.id) ?? null, counts, comment]),
      displayHash: displayHashOf(card),
    });
  }
  return lines;
}

/**
 * Writes the term's stored cards for every live class's current students, inside the publishing
 * transaction (the caller holds the grade-write lock, so no write lands in between). Lines that
 * already exist and read the same are left as they are; changed ones are replaced and audited
 * old → new. Cards of students who have left a class are kept. Returns how many were written.
 */
export async function storeTermRecords(
  tx: Runner,
  term: Term,
  actorId: number | null,
  timeZone: string,
  now: Date,
  today: string,
): Promise<{ written: number; changed: number }> {
  // A class without a year is the current year's (decision 032).
  const currentYearId = currentOf(await listYears(tx), today)?.id ?? null;
  const classes = await queryRows<{ code: string; name: string; period: string | null; teacher: string | null }>(
    sql`select l.code, l.name, l.period, t.name as teacher
        from school_terms tt, levels l left join users t on t.id = l.teacher_id
        where l.roster_deleted_at is null
          -- The term's own year's classes (issue 41): a concluded class keeps the cards it had, and a
          -- class of another year has no card for this term.
          and not ${concludedClass("l")}
          and coalesce(l.year_id, ${currentYearId}::int, tt.year_id) is not distinct from tt.year_id
          and tt.id = ${term.id}
        order by l.code`,
    tx,
  );
  const before = await queryRows<{
    level_code: string;
    student_id: number;
    display_hash: string;
    card: StoredTermGrade | string;
  }>(
    sql`select r.level_code, r.student_id, r.display_hash, ${storedCardJson("r")} as card from term_grade_records r where r.term_id = ${term.id}`,
    tx,
  );
  const old = new Map(before.map((b) => [`${b.level_code}:${b.student_id}`, b]));
  let written = 0;
  let changed = 0;
  for (const c of classes) {
    for (const line of await classLines(tx, c.code, term, timeZone, now.getTime(), today)) {
      const prior = old.get(`${line.levelCode}:${line.studentId}`);
      if (prior && prior.display_hash === line.displayHash) continue;
      await upsertLine(tx, term.id, c, line);
      written++;
      if (prior) {
        changed++;
        const was = storedCardFrom(prior.card);
        await audit(tx, {
          action: "term_grade.republished",
          actorId,
          levelCode: line.levelCode,
          detail: { termId: term.id, studentId: line.studentId, old: brief(was), new: brief(line.card) },
        });
      }
    }
  }
  return { written, changed };
}

const brief = (c: StoredTermGrade) => ({
  percent: c.percent,
  letter: c.letter,
  attendancePercent: c.attendancePercent,
  overridden: c.override !== null,
  comment: c.comment,
});

async function upsertLine(
  tx: Runner,
  termId: number,
  c: { name: string; period: string | null; teacher: string | null },
  line: Line,
): Promise<void> {
  const k = line.card;
  await tx.execute(sql`
    insert into term_grade_records (term_id, level_code, student_id, class_name, period, teacher_name, percent, letter, computed_percent,
      earned_points, possible_points, categories, marks, why, override_percent, override_reason, override_reason_shared, override_note,
      comment, present, absent, late, excused, attendance_percent, fingerprint, display_hash, published_at)
    values (${termId}, ${line.levelCode}, ${line.studentId}, ${c.name}, ${c.period}, ${c.teacher}, ${k.percent}, ${k.letter}, ${k.computedPercent},
      ${k.earnedPoints}, ${k.possiblePoints}, ${JSON.stringify(k.categories)}::jsonb, ${JSON.stringify(k.marks)}::jsonb, ${JSON.stringify(k.why)}::jsonb,
      ${k.override?.percent ?? null}, ${k.override?.reason ?? null}, ${k.override?.shared ?? false}, ${k.override?.note ?? null},
      ${k.comment}, ${k.attendance.present}, ${k.attendance.absent}, ${k.attendance.late}, ${k.attendance.excused}, ${k.attendancePercent},
      ${line.fingerprint}, ${line.displayHash}, now())
    on conflict (term_id, level_code, student_id) do update set class_name = excluded.class_name, period = excluded.period,
      teacher_name = excluded.teacher_name, percent = excluded.percent, letter = excluded.letter, computed_percent = excluded.computed_percent,
      earned_points = excluded.earned_points, possible_points = excluded.possible_points, categories = excluded.categories,
      marks = excluded.marks, why = excluded.why, override_percent = excluded.override_percent, override_reason = excluded.override_reason,
      override_reason_shared = excluded.override_reason_shared, override_note = excluded.override_note, comment = excluded.comment,
      present = excluded.present, absent = excluded.absent, late = excluded.late, excused = excluded.excused,
      attendance_percent = excluded.attendance_percent, fingerprint = excluded.fingerprint, display_hash = excluded.display_hash,
      published_at = excluded.published_at`);
}

/**
 * Terms published before cards were stored (issue 27) get their cards at the first start after
 * the upgrade, from the data as it stands (the lock kept it as published), marked as already
 * announced: their families heard of them when they were published.
 */
export async function storeCardsOfEarlierPublications(timeZone: string): Promise<number> {
  const terms = await listGradingTerms();
  return db().transaction(async (tx) => {
    await holdAllGradeWrites(tx);
    const bare = await queryRows<{ term_id: number }>(
      sql`select p.term_id from term_publications p
          where not exists (select 1 from term_grade_records r where r.term_id = p.term_id)`,
      tx,
    );
    let stored = 0;
    for (const { term_id } of bare) {
      const term = terms.find((t) => t.id === Number(term_id));
      if (!term) continue;
      const now = new Date();
      stored += (await storeTermRecords(tx, term, null, timeZone, now, dateInTimeZone(now, timeZone))).written;
      await tx.execute(sql`update term_grade_records set announced_hash = display_hash where term_id = ${term.id}`);
    }
    return stored;
  });
}
