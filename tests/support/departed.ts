import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { codeColumns } from "@/lib/auth/code-store";
import { db, queryRows } from "@/lib/db/client";
import { fileStorage } from "@/lib/files/index";

// A small school for the records tests (issue 41): a class of a year closed long ago with a departed
// student who has a row in every table a student's data can be in, a classmate, and students who
// must never be erased (one in a current class, one whose year ended within retention, one in no class).

let n = 0;
const uid = () => `${Date.now().toString(36)}${crypto.randomBytes(3).toString("hex")}${++n}`;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  return (await queryRows<T>(query))[0]!;
}

async function student(name: string, extra: Partial<Record<string, string>> = {}) {
  const code = `code-${uid()}`;
  const c = codeColumns(code);
  const username = `${name.toLowerCase().replace(/[^a-z]+/g, ".")}${n}`;
  const row = await one<{ id: number }>(sql`insert into users
      (name, username, role, code_hash, code_sealed, code_weak, email, phone_number, parent1_number, parent2_number, date_of_birth)
      values (${name}, ${username}, 'student', ${c.codeHash}, ${c.codeSealed}, ${c.codeWeak}, ${extra.email ?? null},
              ${extra.phone ?? null}, ${extra.parent1 ?? null}, ${extra.parent2 ?? null}, ${extra.dob ?? null})
      returning id`);
  return { id: Number(row.id), name, username, code };
}

async function closedYear(title: string, start: string, end: string) {
  const y = await one<{ id: number }>(
    sql`insert into school_years (title, start_date, end_date, closed_at) values (${title}, ${start}, ${end}, now()) returning id`,
  );
  return Number(y.id);
}

async function classIn(yearId: number | null, name: string) {
  const code = `C-${uid()}`;
  await db().execute(sql`insert into levels (code, name, year_id) values (${code}, ${name}, ${yearId})`);
  return code;
}

async function storeObject(bytes: Uint8Array): Promise<string> {
  const key = `f/2010/${crypto.randomBytes(16).toString("hex")}`;
  const tmp = path.join(os.tmpdir(), `records-${uid()}`);
  await fs.promises.writeFile(tmp, bytes);
  await fileStorage().put(key, tmp, bytes.length, "application/pdf");
  await fs.promises.rm(tmp, { force: true });
  return key;
}

export interface RecordsSchool {
  departed: { id: number; name: string; username: string; code: string };
  /** Every personal value of the departed student that erasure must remove from the database. */
  personal: string[];
  classmate: number;
  current: number;
  recent: number;
  unplaced: number;
  oldClass: string;
  fileKey: string;
  fileBytes: Uint8Array;
  parentId: number;
}

/** The school; `today` decides which years are past a 5-year retention (the old year ends in 2010). */
export async function seedRecordsSchool(today: string): Promise<RecordsSchool> {
  const tag = uid();
  const email = `zoe.${tag}@family.example`;
  const phone = `(555) 010-${tag.slice(-4)}`;
  const parent1 = `555-7${String(n).padStart(6, "0")}`;
  const departed = await student(`Zoë Departed ${tag}`, {
    email,
    phone,
    parent1,
    parent2: `+1 555 88${String(n).padStart(5, "0")}`,
    dob: "2001-04-03",
  });
  const classmate = await student(`Classmate ${tag}`);
  const old = await closedYear(`2009-10 ${tag}`, "2009-09-01", "2010-06-30");
  const oldClass = await classIn(old, "Biology 2009");
  const recentEnd = `${Number(today.slice(0, 4)) - 1}-06-30`;
  const recentYear = await closedYear(`Recent ${tag}`, `${Number(today.slice(0, 4)) - 2}-09-01`, recentEnd);
  const recentClass = await classIn(recentYear, "Chemistry recent");
  const currentClass = await classIn(null, "Physics now");

  // A student in the old class who is in a current class now, one whose last year is recent, one in no class.
  const current = await student(`Current ${tag}`);
  const recent = await student(`Recent ${tag}`);
  const unplaced = await student(`Unplaced ${tag}`);
  for (const [s, c] of [
    [departed.id, oldClass],
    [classmate.id, oldClass],
    [classmate.id, currentClass],
    [current.id, oldClass],
    [current.id, currentClass],
    [recent.id, oldClass],
    [recent.id, recentClass],
  ] as const)
    await db().execute(sql`insert into student_enrollment (student_id, level_code) values (${s}, ${c})`);

  const teacher = await one<{ id: number }>(
    sql`insert into users (name, username, role) values (${`Teacher ${tag}`}, ${`teacher.${tag}`}, 'instructor') returning id`,
  );
  const parent = await one<{ id: number }>(
    sql`insert into users (name, username, role) values (${`Parent ${tag}`}, ${`parent.${tag}`}, 'parent') returning id`,
  );
  const a1 = await one<{ id: number }>(
    sql`insert into assignments (level_code, teacher_id, title, max_score) values (${oldClass}, ${teacher.id}, 'Cells', 10) returning id`,
  );
  const a2 = await one<{ id: number }>(
    sql`insert into assignments (level_code, teacher_id, title, max_score) values (${oldClass}, ${teacher.id}, 'Genes', 20) returning id`,
  );
  const submissionText = `My essay about mitochondria by ${departed.name} ${tag}`;
  const sub = await one<{ id: number }>(
    sql`insert into assignment_submissions (assignment_id, student_id, content, score) values (${a1.id}, ${departed.id}, ${submissionText}, 8) returning id`,
  );
  const feedback = `Feedback for Zoë ${tag}: careful work`;
  for (const [s, a, score, fb] of [
    [departed.id, a1.id, 8, feedback],
    [departed.id, a2.id, 13, null],
    [classmate.id, a1.id, 6, "fine"],
    [classmate.id, a2.id, 19, null],
    [current.id, a1.id, 3, null],
    [recent.id, a1.id, 9, null],
  ] as const)
    await db().execute(
      sql`insert into grades (assignment_id, student_id, score, feedback) values (${a}, ${s}, ${score}, ${fb})`,
    );
  await db().execute(
    sql`insert into grade_marks (assignment_id, student_id, late) values (${a2.id}, ${departed.id}, true)`,
  );
  for (const [s, d, st] of [
    [departed.id, "2010-03-01", "present"],
    [departed.id, "2010-03-02", "absent"],
    [classmate.id, "2010-03-01", "late"],
  ] as const)
    await db().execute(
      sql`insert into attendance (student_id, level_code, date, status) values (${s}, ${oldClass}, ${d}, ${st})`,
    );
  const update = await one<{ id: number }>(
    sql`insert into updates (level_code, teacher_id, title, content) values (${oldClass}, ${teacher.id}, 'Trip', 'Bring lunch') returning id`,
  );
  const responseText = `Response from Zoë ${tag}: I will come`;
  await db().execute(
    sql`insert into responses (update_id, student_id, title, content) values (${update.id}, ${departed.id}, 'Re: trip', ${responseText})`,
  );
  const term = await one<{ id: number }>(
    sql`insert into school_terms (title, type, start_date, end_date, year_id) values (${`Term ${tag}`}, 'term', '2009-09-01', '2010-06-30', ${old}) returning id`,
  );
  const overrideReason = `Override reason about Zoë ${tag}`;
  await db()
    .execute(sql`insert into term_grade_overrides (level_code, student_id, term_id, percent, reason, family_note, teacher_id)
      values (${oldClass}, ${departed.id}, ${term.id}, 71, ${overrideReason}, ${`Family note ${tag}`}, ${teacher.id})`);
  const comment = `Report comment: ${departed.name} grew a lot ${tag}`;
  await db().execute(sql`insert into term_comments (level_code, student_id, term_id, comment, teacher_id)
      values (${oldClass}, ${departed.id}, ${term.id}, ${comment}, ${teacher.id})`);
  for (const [s, pct, letter, why] of [
    [departed.id, 71, "C", { family: [], staff: [{ key: "why.override", values: { reason: overrideReason } }] }],
    [classmate.id, 83, "B", { family: [], staff: [] }],
  ] as const)
    await db()
      .execute(sql`insert into term_grade_records (term_id, level_code, student_id, class_name, teacher_name, percent, letter,
        categories, marks, why, override_reason, override_note, comment, fingerprint, display_hash)
      values (${term.id}, ${oldClass}, ${s}, 'Biology 2009', ${`Teacher ${tag}`}, ${pct}, ${letter}, '[]'::jsonb, '{}'::jsonb,
        ${JSON.stringify(why)}::jsonb, ${s === departed.id ? overrideReason : null}, null, ${s === departed.id ? comment : null}, 'f', 'd')`);

  const link = await one<{ id: number }>(
    sql`insert into guardian_links (parent_id, student_id, source, relationship) values (${parent.id}, ${departed.id}, 'admin', 'mother')
        returning id`,
  );
  await db().execute(sql`insert into report_card_links (guardian_link_id, token_hash, expires_at)
      values (${link.id}, ${`h-${tag}`}, now() + interval '1 day')`);
  await db().execute(sql`insert into notifications (user_id, event_key, kind, title, href, detail, student_id) values
      (${departed.id}, ${`g-${tag}`}, 'grade', 'New grade', '/x', ${feedback}, ${departed.id}),
      (${parent.id}, ${`p-${tag}`}, 'grade', ${`${departed.name} has a new grade`}, '/x', null, ${departed.id})`);
  await db().execute(
    sql`insert into notification_preferences (user_id, event, delivery) values (${departed.id}, 'grade', 'daily')`,
  );
  await db().execute(sql`insert into calendar_feeds (user_id, token_hash) values (${departed.id}, ${`cal-${tag}`})`);
  await db().execute(sql`insert into oidc_links (user_id, provider, subject, matched_by, email)
      values (${departed.id}, 'school', ${`sub-${tag}`}, 'email', ${email})`);
  await db().execute(sql`insert into oidc_blocks (provider, subject, user_id, email)
      values ('school', ${`old-${tag}`}, ${departed.id}, ${email})`);
  // Her name, e-mail and phone where a log or a queue copied them.
  await db().execute(sql`insert into audit_log (action, actor_id, detail) values
      ('student.edited', ${teacher.id}, ${JSON.stringify({ studentId: departed.id, name: departed.name, phone })}::jsonb),
      ('user.created', null, ${JSON.stringify({ userId: departed.id, username: departed.username, email })}::jsonb)`);
  await db().execute(sql`insert into jobs (kind, dedupe_key, payload) values
      ('notify', ${`j-${tag}`}, ${JSON.stringify({ studentName: departed.name, to: email })}::jsonb)`);

  // An uploaded file, handed in with her submission, stored through the storage layer.
  const fileBytes = new Uint8Array(crypto.randomBytes(3000));
  const fileKey = await storeObject(fileBytes);
  const file = await one<{ id: number }>(sql`insert into files
      (level_code, kind, assignment_id, submission_id, uploader_id, storage_key, name, mime, size, sha256, scan)
      values (${oldClass}, 'submission', ${a1.id}, ${sub.id}, ${departed.id}, ${fileKey}, ${`zoe-${tag}-essay.pdf`}, 'application/pdf',
              ${fileBytes.length}, 'x', 'unscanned') returning id`);
  await db().execute(sql`insert into submission_files (submission_id, file_id) values (${sub.id}, ${file.id})`);

  return {
    departed,
    personal: [
      departed.name,
      departed.username,
      departed.code,
      email,
      phone,
      parent1,
      submissionText,
      responseText,
      feedback,
      overrideReason,
      comment,
      `Family note ${tag}`,
      `zoe-${tag}-essay.pdf`,
    ],
    classmate: classmate.id,
    current: current.id,
    recent: recent.id,
    unplaced: unplaced.id,
    oldClass,
    fileKey,
    fileBytes,
    parentId: Number(parent.id),
  };
}
