import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { openCode } from "./code-store";
import { accessCodeAccess, type AccessCodeDecision, type Actor } from "./policy";

// Loads the facts accessCodeAccess (lib/auth/policy.ts) decides on, for one person or a class's
// whole list in one statement, and opens the sealed codes the viewer may see. Every screen,
// print-out and action that shows or resets a code goes through here (issue 28).

/** The decision for each of these users (absent ids: no such user). */
export async function accessCodeDecisions(
  actor: Actor,
  userIds: readonly number[],
): Promise<Map<number, AccessCodeDecision>> {
  const ids = [...new Set(userIds)].filter((id) => Number.isSafeInteger(id));
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; role: string; enrollments: number; own: number; withheld: boolean }>(sql`
    select u.id, u.role, count(e.id)::int as enrollments,
      count(e.id) filter (where l.teacher_id = ${actor.id}::int)::int as own,
      coalesce(u.code_withheld_from = ${actor.id}::int, false) as withheld
    from users u left join student_enrollment e on e.student_id = u.id left join levels l on l.code = e.level_code
    where u.id = any(${`{${ids.join(",")}}`}::int[]) group by u.id, u.role, u.code_withheld_from`);
  return new Map(
    rows.map((r) => [
      Number(r.id),
      accessCodeAccess(actor, {
        role: r.role,
        enrollments: Number(r.enrollments),
        enrollmentsInActorsClasses: Number(r.own),
        withheldFromActor: r.withheld === true,
      }),
    ]),
  );
}

export async function accessCodeDecision(actor: Actor, userId: number): Promise<AccessCodeDecision> {
  return (await accessCodeDecisions(actor, [userId])).get(userId) ?? { allowed: false, reason: "forbidden" };
}

/**
 * Rows with a sealed code → rows with the code opened where the viewer may see it, and
 * `codeAdminsOnly` where the screen must say that only an admin can give it out.
 */
export async function revealCodes<T extends { id: number; codeSealed: string | null }>(
  actor: Actor,
  rows: readonly T[],
): Promise<(Omit<T, "codeSealed"> & { code: string | null; codeAdminsOnly: boolean })[]> {
  const decisions = await accessCodeDecisions(
    actor,
    rows.filter((r) => r.codeSealed).map((r) => r.id),
  );
  return rows.map(({ codeSealed, ...rest }) => {
    const allowed = codeSealed !== null && decisions.get(rest.id)?.allowed === true;
    return {
      ...rest,
      code: allowed ? openCode(codeSealed) : null,
      codeAdminsOnly: codeSealed !== null && !allowed,
    };
  });
}
