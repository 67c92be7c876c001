import "server-only";
import { sql } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { revealCodes } from "@/lib/auth/code-access";
import type { Actor } from "@/lib/auth/policy";
import { db, queryRows } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/locales";
import { printLocale } from "@/lib/i18n/recipient";
import { translatorFor } from "@/lib/i18n/translator";
import type { LevelRow } from "@/lib/queries/levels";
import { amongMembersHere, memberHere } from "@/lib/db/schools";

// Who gets a sign-in card, for each scope of the print page:
// - a class: its enrolled students (the teacher hands them out on day one);
// - the school: every student and instructor (not those the roster deleted), instructors first.
//   Parents get the parent letters instead (their code with a report-card link), and admin codes
//   are not put on paper in bulk;
// - the last import: every user that import created, whatever the role, since those are exactly
//   the people who have no way in yet.
// Every scope is one statement whatever its size (the last import: two).

export interface SignInCard {
  name: string;
  username: string;
  /** The class line: a class, the classes a student takes or an instructor teaches, or the role. */
  classLine: string;
  /** Null for people without a code (the card says whom to ask), or whose code only an admin may print. */
  code: string | null;
  /** Issue 28: a code exists but this printer may not have it (policy.accessCodeAccess). */
  codeAdminsOnly?: boolean;
  /** The card's words in its owner's language (issue 31), or the one chosen for the printing. */
  locale: Locale;
}

export type CardScope =
  { kind: "class"; level: Pick<LevelRow, "code" | "name"> } | { kind: "school" } | { kind: "last-import" };

/** Classes of a user (taken or taught), comma-separated and cut to a card's width. */
function classLine(role: string, classes: string | null, locale: Locale): string {
  if (classes) return classes.length > 60 ? `${classes.slice(0, 57).replace(/,[^,]*$/, "")}, …` : classes;
  const t = translatorFor(locale, "cards");
  if (role === "parent" || role === "admin") return t(role);
  return role === "student" ? t("noClassStudent") : t("noClassStaff");
}

// Each class as "Name (code)", as a class's own cards print it (issue 29).
const classesOf = sql`
  case when u.role = 'student' then (select string_agg(l.name || ' (' || l.code || ')', ', ' order by l.code) from student_enrollment e join levels l on l.code = e.level_code where e.student_id = u.id)
       when u.role = 'instructor' then (select string_agg(l.name || ' (' || l.code || ')', ', ' order by l.code) from levels l where l.teacher_id = u.id)
  end`;

// `code` is the sealed code (users.code_sealed, decision 019) until opened below.
type Row = {
  id: number;
  name: string;
  username: string;
  code: string | null;
  role: string;
  classes: string | null;
  locale: string | null;
};

/**
 * The cards of a scope, each with the code only if the printer may have it (issue 28:
 * accessCodeAccess; a class's instructor prints no code of a student shared with another teacher's
 * class). The school and last-import scopes are admins' (their routes check).
 */
export async function loadCards(
  scope: CardScope,
  viewer: Actor,
  language: Locale | null = null,
): Promise<SignInCard[] | null> {
  let rows: Row[];
  if (scope.kind === "class") {
    const line = `${scope.level.name} (${scope.level.code})`;
    const students = await queryRows<Row>(sql`
      select u.id, u.name, u.username, u.code_sealed as code, u.role, null as classes, u.locale
      from student_enrollment e join users u on u.id = e.student_id
      where e.level_code = ${scope.level.code} order by u.name, u.id`);
    const revealed = await revealCodes(
      viewer,
      students.map((r) => ({
        id: Number(r.id),
        name: r.name,
        username: r.username,
        codeSealed: r.code,
        locale: r.locale,
      })),
    );
    return revealed.map((r) => ({
      name: r.name,
      username: r.username,
      code: r.code,
      codeAdminsOnly: r.codeAdminsOnly,
      classLine: line,
      locale: printLocale(language, r.locale),
    }));
  }
  if (scope.kind === "school") {
    rows = await queryRows<Row>(sql`
      select u.id, u.name, u.username, u.code_sealed as code, u.role, ${classesOf} as classes, u.locale
      from users u where u.role in ('student', 'instructor') and u.roster_deleted_at is null and ${amongMembersHere(sql.raw("u.id"), ["student", "instructor"])}
      order by case when u.role = 'student' then 1 else 0 end, u.name, u.id`);
  } else {
    if (!(await hasAppliedImport())) return null;
    rows = await queryRows<Row>(sql`
      select u.id, u.name, u.username, u.code_sealed as code, u.role, ${classesOf} as classes, u.locale
      from users u
      where u.roster_deleted_at is null and ${memberHere(sql.raw("u.id"))} and u.id in (select jsonb_array_elements_text(new_user_ids)::int from (${LAST_APPLIED}) last)
      order by case u.role when 'admin' then 0 when 'instructor' then 1 when 'student' then 2 else 3 end, u.name, u.id`);
  }
  const revealed = await revealCodes(
    viewer,
    rows.map((r) => ({ ...r, id: Number(r.id), codeSealed: r.code })),
  );
  return revealed.map((r) => {
    const locale = printLocale(language, r.locale);
    return {
      name: r.name,
      username: r.username,
      code: r.code,
      codeAdminsOnly: r.codeAdminsOnly,
      classLine: classLine(r.role, r.classes, locale),
      locale,
    };
  });
}

/** The last import that was applied (a preview, a refusal or a failure created nobody). */
const LAST_APPLIED = sql`select new_user_ids from roster_imports where status = 'applied' and not dry_run order by id desc limit 1`;

/** Whether any roster import has been applied: the "last import" choice means nothing before. */
export async function hasAppliedImport(): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(sql`select 1 as one from (${LAST_APPLIED}) last`);
  return rows.length > 0;
}

/** Printing codes is audited (who, which scope, how many): never the codes themselves. */
export async function auditCardsPrinted(
  actorId: number,
  scope: CardScope,
  cards: readonly SignInCard[],
): Promise<void> {
  await audit(db(), {
    action: "cards.printed",
    actorId,
    levelCode: scope.kind === "class" ? scope.level.code : null,
    detail: { scope: scope.kind, count: cards.length, withCode: cards.filter((c) => c.code).length },
  });
}
