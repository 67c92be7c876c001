// Erasing departed students after the retention period (issue 41, decision 032). A departed student
// is in no class of an open year and their last concluded year ended more than
// RECORDS_RETENTION_YEARS ago. Erasing keeps the users row as an anonymous placeholder ("Erased
// student #…") so grades, attendance and stored term grades keep their figures and every past class
// average stays as it was; everything that says who the student was is removed or blanked.
import "server-only";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { db, queryRows, type Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { fileStorage } from "@/lib/files/index";
import { msg } from "@/lib/i18n/message";
import { schoolToday } from "@/lib/queries/school-years";
import { scrubPersonalValues } from "./scrub";
import { onlyHere } from "@/lib/db/schools";

type Runner = Pick<Db, "execute">;

/** RECORDS_RETENTION_YEARS, or null when erasure is off (the default). */
export function retentionYears(): number | null {
  return env().RECORDS_RETENTION_YEARS ?? null;
}

/**
 * At most this many students per erasure: the last step scans every text column once per 60
 * personal values, so a run stays a few seconds' work in one transaction; the admin erases the next
 * ones after (the page lists the next batch).
 */
export const ERASE_BATCH = 50;

export interface Erasable {
  id: number;
  name: string;
  username: string;
  lastYear: string;
  lastYearEnd: string;
}

/**
 * The students erasure would take now: role student, not erased yet, in (enrolled in, or holding a
 * record of) no class of an open year — a class without a year is the current year's — and whose
 * last closed year ended before today minus `years`. A student with no class at all is not taken:
 * nothing says when they left.
 */
export async function listErasable(years: number, today = schoolToday(), on: Runner = db()): Promise<Erasable[]> {
  const rows = await queryRows<Erasable & { lastYearEnd: string | Date }>(
    sql`with involvement(student_id, level_code) as (
          select student_id, level_code from student_enrollment
          union select student_id, level_code from attendance
          union select student_id, level_code from term_grade_records
          union select g.student_id, a.level_code from grades g join assignments a on a.id = g.assignment_id
          union select s.student_id, a.level_code from assignment_submissions s join assignments a on a.id = s.assignment_id
        ), per as (
          select i.student_id,
                 bool_or(y.id is null or y.closed_at is null) as open,
                 max(y.end_date) filter (where y.closed_at is not null) as last_end,
                 (array_agg(y.title order by y.end_date desc) filter (where y.closed_at is not null))[1] as last_year
          from involvement i join levels l on l.code = i.level_code
          left join school_years y on y.id = l.year_id
          group by i.student_id
        )
        select u.id, u.name, u.username, per.last_year as "lastYear", per.last_end::text as "lastYearEnd"
        from users u join per on per.student_id = u.id
        where u.role = 'student' and u.erased_at is null and not per.open
          -- A student who belongs to another school too (one who moved) is that school's as well:
          -- not this school's to erase (decision 035).
          and ${onlyHere(sql.raw("u.id"))}
          and per.last_end < (${today}::date - make_interval(years => ${years}))::date
        order by u.name, u.id limit ${ERASE_BATCH}`,
    on,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), lastYearEnd: String(r.lastYearEnd) }));
}

/**
 * Erases every student the dry run lists now, when `confirm` is that number (what the admin typed
 * after reading the list). One transaction: the list is taken again inside it, so a student who
 * joined a class since the page was shown is not erased. Stored objects go after the commit.
 */
export async function eraseDeparted(
  confirm: string,
  listed: readonly number[],
  actorId: number,
): Promise<Answer<{ erased: number }>> {
  const years = retentionYears();
  if (years === null) return { ok: false, message: msg("years.records.erase.off") };
  const result = await db().transaction(async (tx) => {
    const students = await listErasable(years, schoolToday(), tx);
    if (students.length === 0) return { ok: false as const, message: msg("years.records.erase.nobody") };
    // The very students the admin read, not just as many: a day rolling over or a year closing
    // between the page and the click changes who is listed.
    const now = students.map((s) => s.id).sort((a, b) => a - b);
    const shown = [...listed].sort((a, b) => a - b);
    if (now.length !== shown.length || now.some((id, i) => id !== shown[i]))
      return { ok: false as const, message: msg("years.records.erase.listChanged") };
    if (confirm.trim() !== String(students.length))
      return { ok: false as const, message: msg("years.records.erase.typeCount", { n: students.length }) };
    // Nobody joins a class, or is otherwise changed, while they are erased.
    await tx.execute(sql`select id from users where id = any(${`{${now.join(",")}}`}::int[]) for update`);
    const keys = await eraseStudents(
      tx,
      students.map((s) => s.id),
    );
    await audit(tx, {
      action: "records.erased",
      actorId,
      detail: { students: students.length, files: keys.files, retentionYears: years },
    });
    return { ok: true as const, erased: students.length, keys: keys.keys };
  });
  if (!result.ok) return result;
  await removeObjects(result.keys);
  return { ok: true, message: msg("years.records.erase.done", { n: result.erased }), data: { erased: result.erased } };
}

/** A placeholder's number: random, so it says nothing of the student's id or the order of erasure. */
function placeholderTag(): string {
  return crypto.randomBytes(4).toString("hex");
}

/**
 * Erases these students in `tx` (see docs/records-export.md, "Erasure", for each table's choice) and
 * returns the storage keys of their files, to remove once the transaction has committed.
 */
export async function eraseStudents(tx: Db, ids: number[]): Promise<{ keys: string[]; files: number }> {
  if (ids.length === 0) return { keys: [], files: 0 };
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const people = await queryRows<Record<string, string | null>>(
    sql`select name, given_name, family_name, username, sourced_id, email, phone_number, parent1_number, parent2_number from users where id in (${list})`,
    tx,
  );
  const files = await queryRows<{ id: number; key: string; thumb: string | null }>(
    sql`select id, storage_key as key, thumb_key as thumb from files where uploader_id in (${list})`,
    tx,
  );
  // Their files: the rows go (submission_files with them); the files_to_trash trigger queues each
  // object, and the queued copy of the file's name is blanked. The objects go after the commit.
  await tx.execute(sql`delete from files where uploader_id in (${list})`);
  if (files.length > 0)
    await tx.execute(
      sql`update files_trash set name = '' where file_id in (${sql.join(
        files.map((f) => sql`${Number(f.id)}`),
        sql`, `,
      )})`,
    );
  // Free text they wrote, and teachers' text about them: blanked where the row carries figures,
  // removed where the text is all the row is.
  await tx.execute(sql`update assignment_submissions set content = '' where student_id in (${list})`);
  await tx.execute(sql`update grades set feedback = null where student_id in (${list}) and feedback is not null`);
  await tx.execute(sql`delete from responses where student_id in (${list})`);
  // Private comments (issue 44): the thread about the student (theirs and staff's words about their
  // work) is text only, so it goes, with any attachment rows (files.comment_id cascades).
  await tx.execute(sql`delete from submission_comments where student_id in (${list}) or author_id in (${list})`);
  await tx.execute(sql`delete from term_comments where student_id in (${list})`);
  await tx.execute(sql`update term_grade_overrides set reason = '-', family_note = null where student_id in (${list})`);
  await tx.execute(
    sql`update term_grade_records set override_reason = null, override_note = null, comment = null,
          why = '{"family": [], "staff": []}'::jsonb, why_english = null
        where student_id in (${list})`,
  );
  await tx.execute(sql`update student_enrollment set sourced_id = null where student_id in (${list})`);
  // The row itself: an anonymous placeholder. A new session version signs out any old cookie.
  for (const id of ids) {
    const tag = placeholderTag();
    await tx.execute(
      sql`update users set name = ${`Erased student #${tag}`}, username = ${`erased-${crypto.randomBytes(8).toString("hex")}`},
            email = null, code = null, code_hash = null, code_sealed = null, code_weak = false, locale = null,
            phone_number = null, parent1_number = null, parent2_number = null, date_of_birth = null,
            session_version = session_version + 1, sourced_id = null, given_name = null, family_name = null,
            code_withheld_from = null, erased_at = now(), updated_at = now()
          where id = ${id}`,
    );
  }
  // Links, notices, feeds and sign-in accounts: removed (report-card links go with guardian links).
  await tx.execute(sql`delete from guardian_links where student_id in (${list})`);
  await tx.execute(sql`delete from pending_guardian_links where student_id in (${list})`);
  await tx.execute(sql`delete from notifications where user_id in (${list}) or student_id in (${list})`);
  await tx.execute(sql`delete from notification_preferences where user_id in (${list})`);
  await tx.execute(sql`delete from calendar_feeds where user_id in (${list})`);
  await tx.execute(sql`delete from oidc_links where user_id in (${list})`);
  await tx.execute(sql`delete from oidc_blocks where user_id in (${list})`);
  // What still names them elsewhere (audit entries, queued jobs, import reports, others' text). The
  // audit log's trigger lets this transaction, and only it, rewrite an entry's detail (drizzle/0034).
  await tx.execute(sql`select set_config('portal.erasing', 'on', true)`);
  await scrubPersonalValues(
    tx,
    people.flatMap((p) => Object.values(p).filter((v): v is string => typeof v === "string")),
  );
  return {
    keys: files.flatMap((f) => (f.thumb ? [f.key, f.thumb] : [f.key])),
    files: files.length,
  };
}

/** Removes erased students' objects from storage, then their queued trash rows (the sweep would too). */
async function removeObjects(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  const storage = fileStorage();
  try {
    for (const key of keys) await storage.delete(key);
  } catch (err) {
    // The erasure has committed; the trash rows stay queued and the sweep removes the objects.
    console.error("erased students' files: storage refused, left to the sweep:", err);
    return;
  }
  await db().execute(
    sql`delete from files_trash where storage_key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )})`,
  );
}
