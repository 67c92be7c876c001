// A new private comment (issue 44, decision 033) tells the other side of the thread: a comment by
// the class's staff tells the student; the student's own comment tells the class's teacher. Never
// the author (deliver drops them), never a guardian (they read the thread only where the school
// allows, and are not a side of it). An event of its own ("Private comments on work", migration
// 0037): the same preferences, bell, e-mail and digests as every notice, chosen apart from the
// teachers' messages.
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { translatorFor } from "@/lib/i18n/translator";
import { deliver } from "./deliver";

type Runner = Pick<Db, "execute">;

export async function notifyComment(
  tx: Runner,
  comment: {
    id: number;
    assignmentId: number;
    studentId: number;
    authorId: number;
    authorIsStudent: boolean;
    body: string;
  },
): Promise<number> {
  const [facts] = await queryRows<{
    levelCode: string;
    className: string;
    teacherId: number | null;
    title: string;
    studentName: string;
    authorName: string;
  }>(
    sql`select l.code as "levelCode", l.name as "className", l.teacher_id as "teacherId", a.title,
               s.name as "studentName", w.name as "authorName"
        from assignments a join levels l on l.code = a.level_code
        join users s on s.id = ${comment.studentId} join users w on w.id = ${comment.authorId}
        where a.id = ${comment.assignmentId}`,
    tx,
  );
  if (!facts) return 0;
  const code = encodeURIComponent(facts.levelCode);
  const recipients = comment.authorIsStudent
    ? facts.teacherId === null
      ? []
      : [
          {
            userId: Number(facts.teacherId),
            // Straight to this student's work in the grading queue, where the thread sits beside it.
            href: `/level/${code}/update/queue?assignment=${comment.assignmentId}&student=${comment.studentId}&filter=all`,
          },
        ]
    : [{ userId: comment.studentId, href: `/level/${code}?tab=assignments` }];
  return deliver(tx, [
    {
      event: "comment",
      eventKey: `comment:${comment.id}`,
      studentId: comment.studentId,
      levelCode: facts.levelCode,
      text: (locale) => ({
        title: translatorFor(locale, "privateComments")(
          comment.authorIsStudent ? "notify.toTeacher" : "notify.toStudent",
          {
            author: facts.authorName,
            student: facts.studentName,
            assignment: facts.title,
            className: facts.className,
          },
        ),
        detail: comment.body,
      }),
      actorId: comment.authorId,
      recipients,
    },
  ]);
}
