// A teacher's comment bank (issue 19): their own saved report-card comments, newest first.
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";

export async function listCommentBank(teacherId: number): Promise<{ id: number; text: string }[]> {
  return queryRows<{ id: number; text: string }>(
    sql`select id, text from comment_bank where teacher_id = ${teacherId} order by created_at desc, id desc limit 200`,
  );
}
