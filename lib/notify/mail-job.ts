// Sending one queued e-mail (issue 20). Outside any transaction: the job is marked done after the
// mail server accepted the message. The guarantee: each e-mail is sent once, unless the process
// dies between the server's acceptance and that mark, in which case its retry sends it again
// with the same Message-ID (at least once; never lost while the queue retries).
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import type { JobHandler } from "@/lib/jobs/queue";
import { sendMail, type OutgoingMail } from "@/lib/mail/transport";

/** A queued e-mail: the message, and whom it is for and about, checked again before it goes. */
export type QueuedMail = OutgoingMail & { recipientId?: number; studentId?: number | null };

export const sendMailJob: JobHandler = {
  outsideTransaction: async (job) => {
    const m = job.payload as unknown as QueuedMail;
    if (typeof m.to !== "string" || typeof m.subject !== "string") throw new Error("malformed e-mail job");
    // A retry can come hours later: a guardian unlinked (or a person removed by the roster) in the
    // meantime is not sent what was about that student.
    if (typeof m.recipientId === "number" && !(await stillEntitled(m.recipientId, m.studentId ?? null))) return;
    const { recipientId: _r, studentId: _s, ...mail } = m;
    await sendMail(mail);
  },
};

async function stillEntitled(userId: number, studentId: number | null): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(sql`
    select (u.roster_deleted_at is null and (${studentId}::int is null or ${studentId}::int = u.id
      or exists (select 1 from guardian_links g where g.parent_id = u.id and g.student_id = ${studentId}::int and g.removed_at is null))) as ok
    from users u where u.id = ${userId}`);
  return row?.ok === true;
}
