import "server-only";
import { sql } from "drizzle-orm";
import { audit } from "@/lib/audit";
import { db, queryRows } from "@/lib/db/client";
import { memberHere } from "@/lib/db/schools";
import { msg, type Message } from "@/lib/i18n/message";

// Parent links a teacher's parent-number edit would have made (issue 28, decision 019). The phone
// sync files them in pending_guardian_links; an admin confirms (the link is made, kept in step with
// the numbers like any phone link) or dismisses (kept as a removed phone link, so no later write
// brings it back while the numbers match: the same rule as an admin removing a phone link).

export interface PendingLinkRow {
  id: number;
  at: Date;
  parentId: number;
  parentName: string;
  parentPhone: string | null;
  studentId: number;
  studentName: string;
}

export async function listPendingLinks(limit = 100): Promise<PendingLinkRow[]> {
  const rows = await queryRows<{
    id: number;
    created_at: Date | string;
    parent_id: number;
    parent_name: string;
    parent_phone: string | null;
    student_id: number;
    student_name: string;
  }>(sql`
    select pl.id, pl.created_at, p.id as parent_id, p.name as parent_name, p.phone_number as parent_phone,
      s.id as student_id, s.name as student_name
    from pending_guardian_links pl join users p on p.id = pl.parent_id join users s on s.id = pl.student_id
    order by pl.created_at desc, pl.id desc limit ${limit}`);
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.created_at),
    parentId: Number(r.parent_id),
    parentName: r.parent_name,
    parentPhone: r.parent_phone,
    studentId: Number(r.student_id),
    studentName: r.student_name,
  }));
}

type Result = { ok: true; message: Message } | { ok: false; message: Message };

/** Confirm: the pair becomes a phone link; dismiss: a removed phone link. Either way the pending row goes. */
export async function settlePendingLink(input: {
  id: number;
  actorId: number;
  decision: "confirm" | "dismiss";
}): Promise<Result> {
  return db().transaction(async (tx) => {
    const [row] = await queryRows<{ parent_id: number; student_id: number; parent_name: string; student_name: string }>(
      sql`delete from pending_guardian_links pl using users p, users s
          where pl.id = ${input.id} and p.id = pl.parent_id and s.id = pl.student_id
            and ${memberHere(sql.raw("p.id"))} and ${memberHere(sql.raw("s.id"))}
          returning pl.parent_id, pl.student_id, p.name as parent_name, s.name as student_name`,
      tx,
    );
    if (!row) return { ok: false, message: msg("admin.actions.pendingGone") };
    const parentId = Number(row.parent_id);
    const studentId = Number(row.student_id);
    const [link] = await queryRows<{ id: number }>(
      sql`insert into guardian_links (parent_id, student_id, relationship, source, removed_at)
          values (${parentId}, ${studentId}, 'guardian', 'phone', ${input.decision === "confirm" ? sql`null` : sql`now()`})
          on conflict (school_id, parent_id, student_id) do nothing returning id`,
      tx,
    );
    await audit(tx, {
      action: input.decision === "confirm" ? "guardian.linked" : "guardian.link_dismissed",
      actorId: input.actorId,
      detail: { linkId: link ? Number(link.id) : null, parentId, studentId, source: "phone", pending: input.decision },
    });
    const names = { parent: row.parent_name, student: row.student_name };
    return {
      ok: true,
      message: msg(input.decision === "confirm" ? "admin.actions.linked" : "admin.actions.stillUnlinked", names),
    };
  });
}
