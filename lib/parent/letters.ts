import "server-only";
import { inArray, sql } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { generateAccessCode } from "@/lib/auth/codes";
import { codeColumns, openCode, sealedCodeSql } from "@/lib/auth/code-store";
import { db, queryRows, type Db } from "@/lib/db/client";
import { reportCardLinks, users } from "@/lib/db/schema";
import { REPORT_LINK_DEFAULT_DAYS } from "@/lib/domain/constants";
import type { Locale } from "@/lib/i18n/locales";
import { msg, type Message } from "@/lib/i18n/message";
import { printLocale } from "@/lib/i18n/recipient";
import { hashReportToken, newReportToken, reportLinkPath } from "./report-links";
import { amongMembersHere } from "@/lib/db/schools";

// Parent letters (decision 004): one printed page per guardian-student pair with the guardian's
// access code and a fresh report-card link. Printing ROTATES links: the pair's earlier links are
// withdrawn, so only the newest letter works and a lost old letter opens nothing.

export interface ParentLetter {
  studentName: string;
  parentName: string;
  parentUsername: string;
  relationship: string;
  code: string;
  reportPath: string;
  expiresAt: Date;
  /** The guardian's language (issue 31), or the one the admin chose for this printing. */
  locale: Locale;
}

export interface LetterBatch {
  /** The class's name, or null for the whole school (each page words that in its own language). */
  scopeName: string | null;
  letters: ParentLetter[];
  /** Students in scope with no guardian on file and no parent number to make one from. */
  withoutGuardian: string[];
  parentsCreated: number;
  codesGenerated: number;
}

const INSERT_CHUNK = 2000;

/** Students in scope: one class's roster, or every student of the school. */
function scopeSql(levelCode: string | null) {
  return levelCode === null
    ? sql`select id, name, parent1_number, parent2_number, parent1_digits, parent2_digits from users where role = 'student' and ${amongMembersHere(sql.raw("users.id"), ["student"])}`
    : sql`select u.id, u.name, u.parent1_number, u.parent2_number, u.parent1_digits, u.parent2_digits
          from student_enrollment e join users u on u.id = e.student_id where e.level_code = ${levelCode} and u.role = 'student'`;
}

/**
 * Parent numbers of students in scope that no parent account has: each becomes a parent user
 * (the phone sync links them to every student with that number).
 */
async function createMissingParents(
  tx: Pick<Db, "execute" | "select" | "insert">,
  levelCode: string | null,
): Promise<number> {
  const missing = await queryRows<{ digits: string; number: string; student_name: string }>(
    sql`with scope as (${scopeSql(levelCode)}),
        nums as (
          select distinct on (digits) digits, number, student_name from (
            select parent1_digits as digits, parent1_number as number, name as student_name, id from scope where length(parent1_digits) >= 7
            union all
            select parent2_digits, parent2_number, name, id from scope where length(parent2_digits) >= 7
          ) x order by digits, id)
        select n.* from nums n
        where not exists (select 1 from users p where p.role = 'parent' and length(p.phone_digits) >= 7 and p.phone_digits = n.digits)`,
    tx,
  );
  if (missing.length === 0) return 0;
  const taken = new Set(
    (
      await tx
        .select({ username: users.username })
        .from(users)
        .where(
          inArray(
            users.username,
            missing.map((m) => `guardian-${m.digits}`),
          ),
        )
    ).map((r) => r.username),
  );
  for (let i = 0; i < missing.length; i += INSERT_CHUNK) {
    await tx.insert(users).values(
      missing.slice(i, i + INSERT_CHUNK).map((m) => ({
        role: "parent",
        name: `Parent of ${m.student_name}`,
        username: taken.has(`guardian-${m.digits}`)
          ? `guardian-${m.digits}-${generateAccessCode().slice(0, 5)}`
          : `guardian-${m.digits}`,
        phoneNumber: m.number,
        ...codeColumns(generateAccessCode()),
      })),
    );
  }
  return missing.length;
}

export async function prepareLetters(input: {
  levelCode: string | null;
  actorId: number;
  now?: Date;
  /** One language for every letter, or null: each guardian's own. */
  language?: Locale | null;
}): Promise<{ ok: true; batch: LetterBatch } | { ok: false; message: Message }> {
  const now = input.now ?? new Date();
  return db().transaction(async (tx) => {
    let scopeName: string | null = null;
    if (input.levelCode !== null) {
      const [level] = await queryRows<{ name: string }>(
        sql`select name from levels where code = ${input.levelCode}`,
        tx,
      );
      if (!level) return { ok: false, message: msg("adminPrint.refusals.classNotFound") };
      scopeName = level.name;
    }
    const parentsCreated = await createMissingParents(tx, input.levelCode);
    const pairs = await queryRows<{
      link_id: number;
      relationship: string;
      parent_id: number;
      parent_name: string;
      username: string;
      code: string | null;
      student_name: string;
      locale: string | null;
    }>(
      sql`with scope as (${scopeSql(input.levelCode)})
          select g.id as link_id, g.relationship, p.id as parent_id, p.name as parent_name, p.username, p.code_sealed as code, s.name as student_name, p.locale
          from scope s join guardian_links g on g.student_id = s.id and g.removed_at is null
          join users p on p.id = g.parent_id and p.role = 'parent'
          order by s.name, s.id, p.name, p.id`,
      tx,
    );
    const withoutGuardian = await queryRows<{ name: string }>(
      sql`with scope as (${scopeSql(input.levelCode)})
          select s.name from scope s where not exists (select 1 from guardian_links g where g.student_id = s.id and g.removed_at is null) order by s.name`,
      tx,
    );

    // A guardian without an access code gets one now: the letter is how it reaches them.
    const newCodes = new Map<number, string>();
    for (const p of pairs) if (!p.code && !newCodes.has(p.parent_id)) newCodes.set(p.parent_id, generateAccessCode());
    if (newCodes.size > 0) {
      const values = sql.join(
        [...newCodes].map(([id, code]) => sql`(${id}::int, ${sealedCodeSql(code)})`),
        sql`, `,
      );
      await tx.execute(
        sql`update users set code_hash = v.h, code_sealed = v.s, code_weak = v.w, updated_at = now()
            from (values ${values}) as v(id, h, s, w) where users.id = v.id and users.code_hash is null`,
      );
    }

    const linkIds = [...new Set(pairs.map((p) => Number(p.link_id)))];
    const revoked = linkIds.length
      ? await queryRows<{ id: number }>(
          sql`update report_card_links set revoked_at = now() where revoked_at is null and guardian_link_id = any(${`{${linkIds.join(",")}}`}::int[]) returning id`,
          tx,
        )
      : [];
    const expiresAt = new Date(now.getTime() + REPORT_LINK_DEFAULT_DAYS * 86_400_000);
    const tokens = new Map<number, string>(linkIds.map((id) => [id, newReportToken()]));
    const issued: number[] = [];
    for (let i = 0; i < linkIds.length; i += INSERT_CHUNK) {
      const rows = await tx
        .insert(reportCardLinks)
        .values(
          linkIds.slice(i, i + INSERT_CHUNK).map((id) => ({
            guardianLinkId: id,
            tokenHash: hashReportToken(tokens.get(id)!),
            expiresAt,
            createdBy: input.actorId,
            createdAt: now,
          })),
        )
        .returning({ id: reportCardLinks.id });
      issued.push(...rows.map((r) => r.id));
    }
    await audit(tx, {
      action: "letters.printed",
      actorId: input.actorId,
      levelCode: input.levelCode,
      detail: {
        letters: pairs.length,
        parentsCreated,
        codesGenerated: newCodes.size,
        linksRevoked: revoked.length,
        firstLinkId: issued[0] ?? null,
        lastLinkId: issued.at(-1) ?? null,
      },
    });
    return {
      ok: true,
      batch: {
        scopeName,
        letters: pairs.map((p) => ({
          studentName: p.student_name,
          parentName: p.parent_name,
          parentUsername: p.username,
          relationship: p.relationship,
          code: openCode(p.code) ?? newCodes.get(p.parent_id)!,
          reportPath: reportLinkPath(tokens.get(Number(p.link_id))!),
          expiresAt,
          locale: printLocale(input.language ?? null, p.locale),
        })),
        withoutGuardian: withoutGuardian.map((w) => w.name),
        parentsCreated,
        codesGenerated: newCodes.size,
      },
    };
  });
}
