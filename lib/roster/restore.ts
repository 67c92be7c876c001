import "server-only";
import { sql } from "drizzle-orm";
import type { Answer } from "@/lib/action-result";
import { audit } from "@/lib/audit";
import { generateAccessCode } from "@/lib/auth/codes";
import { sealedCodeSql } from "@/lib/auth/code-store";
import { db, queryRows } from "@/lib/db/client";
import { uniqueViolation } from "@/lib/db/errors";
import { msg } from "@/lib/i18n/message";
import { concludedMessage, concludedYearOf } from "@/lib/years/conclusion";
import { memberHere, sharedPersonRefusal } from "@/lib/db/schools";

// Bringing back a person or class the roster removed but kept for its records (decision 012,
// issue 29). A restored row becomes the portal's own: its sourcedId is cleared, so the next bulk
// import does not remove it again (rows without a sourcedId are never removed by an import), and
// a roster that lists it again takes it over by username or class code as usual. A person gets a
// new access code (the removal cleared theirs), shown once; their classes are not given back (the
// roster removed those enrollments; a teacher or admin adds them again).

export type RemovedKind = "user" | "class";

export async function restoreRosterRemoved(
  kind: RemovedKind,
  id: number,
  actorId: number,
): Promise<Answer<{ name: string; code: string | null }>> {
  if (kind === "class") {
    return db().transaction(async (tx) => {
      // A concluded class stays as its year closed it (issue 41), removed or not.
      const [level] = await queryRows<{ code: string }>(sql`select code from levels where id = ${id}`, tx);
      const year = level ? await concludedYearOf(level.code, tx) : null;
      if (year !== null) return { ok: false, message: concludedMessage(year) };
      const [row] = await queryRows<{ name: string; code: string }>(
        sql`update levels set roster_deleted_at = null, sourced_id = null, teacher_enrollment_sourced_id = null
            where id = ${id} and roster_deleted_at is not null returning name, code`,
        tx,
      );
      if (!row) return { ok: false, message: msg("admin.actions.classNotRemoved") };
      await audit(tx, { action: "roster.restored", actorId, levelCode: row.code, detail: { classId: id } });
      return {
        ok: true,
        message: msg("admin.actions.restored", { name: row.name }),
        data: { name: row.name, code: null },
      };
    });
  }
  const shared = await sharedPersonRefusal(id, actorId);
  if (shared) return { ok: false, message: shared };
  for (let attempt = 0; attempt < 3; attempt++) {
    const code = generateAccessCode();
    try {
      return await db().transaction(async (tx) => {
        const [row] = await queryRows<{ name: string }>(
          sql`update users u set roster_deleted_at = null, sourced_id = null,
                (code_hash, code_sealed, code_weak) = (select ${sealedCodeSql(code)}), updated_at = now()
              where id = ${id} and roster_deleted_at is not null and ${memberHere(sql.raw("u.id"))} returning name`,
          tx,
        );
        if (!row) return { ok: false, message: msg("admin.actions.personNotRemoved") };
        await audit(tx, { action: "roster.restored", actorId, detail: { userId: id } });
        return {
          ok: true,
          message: msg("admin.actions.restoredCode", { name: row.name }),
          data: { name: row.name, code },
        };
      });
    } catch (err) {
      if (uniqueViolation(err)) continue;
      throw err;
    }
  }
  return { ok: false, message: msg("admin.actions.noUniqueCode") };
}
