import { threadHtml } from "./support/thread-html";
import { renderToStaticMarkup } from "react-dom/server";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { saveCommentSettingsAction } from "@/app/admin/guardian-actions";
import { deleteAssignment } from "@/app/level/[levelCode]/update/assignment-actions";
import { hideComment, loadCommentThread, postComment } from "@/app/level/[levelCode]/update/comment-actions";
import { ChildCommentsSection } from "@/components/parent/child-comments";
import { readChildThreads } from "@/lib/comments/guardian";
import { db, queryRows } from "@/lib/db/client";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { auditLog, submissionComments } from "@/lib/db/schema";
import { COMMENT_RATE_LIMIT, COMMENT_RATE_WINDOW_MS } from "@/lib/domain/constants";
import { buildRecord } from "@/lib/records/export";
import { listStudentThreads, listThread } from "@/lib/queries/comments";
import { databaseChecksum, firstAssignmentOf, seedDemo, userIdByCode } from "./support/fixtures";
import { form } from "./support/form";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 44: private comments on each student's work. A thread per (assignment, student), read and
// written by that student and the class's staff; linked guardians read it only where the school
// allows; everyone else gets nothing. Staff hide (audited), posts are flood-limited, markdown is
// sanitised, and a new comment tells the other side through their notification choices.

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));

useTestDatabase();

const BIO = "BIO-P2"; // David Chen's; Ava and Liam are enrolled
const ALG = "ALG1-P1"; // Elena Rivera's
const ava = DEMO_STUDENTS[0]!;
const liam = DEMO_STUDENTS[1]!;
const chen = DEMO_INSTRUCTORS[1];
const rivera = DEMO_INSTRUCTORS[0];
const ids: Record<string, number> = {};

const post = (studentId: number, body: string, assignmentId = ids.bio!) =>
  postComment({ levelCode: BIO, assignmentId, studentId, body });
const read = (studentId: number) => loadCommentThread({ levelCode: BIO, assignmentId: ids.bio!, studentId });
/** An answer's data, for answers the test has just seen succeed. */
function dataOf<T>(answer: { ok: boolean; data?: T }): T {
  if (!answer.ok || answer.data === undefined) throw new Error(`expected data: ${JSON.stringify(answer)}`);
  return answer.data;
}
const noticesOf = (userId: number) =>
  queryRows<{ kind: string; title: string; detail: string | null; href: string; student_id: number }>(
    sql`select kind, title, detail, href, student_id from notifications where user_id = ${userId} and event_key like 'comment:%' order by id`,
  );

beforeAll(async () => {
  await seedDemo();
  ids.ava = await userIdByCode(ava.code);
  ids.liam = await userIdByCode(liam.code);
  ids.chen = await userIdByCode(chen.code);
  ids.admin = await userIdByCode(DEMO_ADMIN.code);
  ids.grace = await userIdByCode("parent-johnson");
  ids.ken = await userIdByCode("parent-kim");
  ids.bio = await firstAssignmentOf(BIO);
  ids.alg = await firstAssignmentOf(ALG);
  // Grace is Ava's guardian; Ken is not.
  await queryRows(sql`delete from guardian_links where student_id = ${ids.ava}`);
  await queryRows(
    sql`insert into guardian_links (parent_id, student_id, source, relationship) values (${ids.grace}, ${ids.ava}, 'admin', 'mother')`,
  );
});

afterEach(() => {
  vi.useRealTimers();
});

describe("a thread between the student and the class's staff", () => {
  it("takes the student's question and the teacher's answer, and both read it", async () => {
    await signInAs(ava.code);
    expect(await post(ids.ava!, "Can I hand in the lab report as a PDF?")).toMatchObject({
      ok: true,
      message: "Comment posted",
      data: { authorId: ids.ava, authorIsStaff: false, hidden: false },
    });
    await signInAs(chen.code);
    expect(await post(ids.ava!, "Yes, a **PDF** is fine.")).toMatchObject({ ok: true });
    const thread = await listThread({ assignmentId: ids.bio!, studentId: ids.ava! });
    expect(thread.map((c) => [c.body, c.authorIsStaff])).toEqual([
      ["Can I hand in the lab report as a PDF?", false],
      ["Yes, a **PDF** is fine.", true],
    ]);
    expect(thread[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    await signInAs(ava.code);
    expect(await read(ids.ava!)).toMatchObject({ ok: true, data: { comments: thread, canPost: true, canHide: false } });
    await signInAs(chen.code);
    expect(await read(ids.ava!)).toMatchObject({ ok: true, data: { canPost: true, canHide: true } });
    await signInAs(DEMO_ADMIN.code);
    expect(await read(ids.ava!)).toMatchObject({ ok: true, data: { comments: thread } });
    // The student's Assignments tab: their own threads only.
    expect((await listStudentThreads({ studentId: ids.ava!, levelCode: BIO })).get(ids.bio!)).toEqual(thread);
    expect((await listStudentThreads({ studentId: ids.liam!, levelCode: BIO })).size).toBe(0);
  });

  it("is read by nobody else: another student, another class's teacher, a parent", async () => {
    for (const code of [liam.code, rivera.code, "parent-johnson", "parent-kim"]) {
      await signInAs(code);
      const res = await read(ids.ava!);
      expect(res, code).toMatchObject({ ok: false });
      expect(JSON.stringify(res), code).not.toContain("PDF");
    }
  });

  it("is written by nobody else, and changes nothing when refused", async () => {
    for (const [code, as] of [
      [liam.code, "another student"],
      [rivera.code, "another class's teacher"],
      ["parent-johnson", "a linked guardian"],
    ] as const) {
      await signInAs(code);
      const before = await databaseChecksum();
      expect(await post(ids.ava!, "Not mine to write"), as).toMatchObject({ ok: false });
      expect(await databaseChecksum(), as).toEqual(before);
    }
    // An assignment of another class named through this one: as if it did not exist.
    await signInAs(chen.code);
    expect(await post(ids.ava!, "Wrong class", ids.alg)).toEqual({
      ok: false,
      message: "There is no such thread here.",
    });
  });

  it("refuses an empty or over-long comment", async () => {
    await signInAs(ava.code);
    expect(await post(ids.ava!, "   ")).toEqual(
      expect.objectContaining({ ok: false, message: "Write a comment first." }),
    );
    expect(await post(ids.ava!, "x".repeat(5001))).toEqual(
      expect.objectContaining({ ok: false, message: "A comment must be at most 5000 characters." }),
    );
  });
});

describe("guardians", () => {
  const grace = () => ({ id: ids.grace!, role: "parent" });
  const ken = () => ({ id: ids.ken!, role: "parent" });
  const setting = async (on: boolean) => {
    await signInAs(DEMO_ADMIN.code);
    expect(
      await saveCommentSettingsAction({ ok: true }, form(on ? { guardiansReadPrivateComments: "on" } : {})),
    ).toMatchObject({ ok: true });
  };

  it("read nothing while the school's setting is off (the default)", async () => {
    expect(await readChildThreads(grace(), ids.ava!)).toBeNull();
    expect(await readChildThreads(ken(), ids.ava!)).toBeNull();
  });

  it("read their own child's threads once it is on; an unlinked parent still nothing", async () => {
    await setting(true);
    const threads = await readChildThreads(grace(), ids.ava!);
    expect(threads?.map((t) => [t.assignmentId, t.className, t.comments.length])).toEqual([
      [ids.bio, expect.any(String), 2],
    ]);
    expect(await readChildThreads(ken(), ids.ava!)).toBeNull();
    // The child's page renders them, sanitised like every text.
    const html = renderToStaticMarkup(await ChildCommentsSection({ threads: threads! }));
    expect(html).toContain("<strong>PDF</strong>");
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "comments.settings_saved"));
    expect(entry).toMatchObject({ actorId: ids.admin, detail: { guardiansReadPrivateComments: true } });
    await setting(false);
    expect(await readChildThreads(grace(), ids.ava!)).toBeNull();
  });
});

describe("hiding a comment", () => {
  it("lets the class's teacher hide one, audited; staff see it marked, the student and family do not", async () => {
    await signInAs(ava.code);
    const posted = await post(ids.ava!, "Something rude");
    const id = dataOf(posted).id;
    const notice = () =>
      queryRows<{ detail: string | null }>(sql`select detail from notifications where event_key = ${`comment:${id}`}`);
    expect(await notice()).toEqual([{ detail: "Something rude" }]);
    // The student who wrote it, another class's teacher: refused, nothing changes.
    for (const code of [ava.code, rivera.code]) {
      await signInAs(code);
      const before = await databaseChecksum();
      expect(await hideComment({ levelCode: BIO, commentId: id }), code).toMatchObject({ ok: false });
      expect(await databaseChecksum()).toEqual(before);
    }
    await signInAs(chen.code);
    expect(await hideComment({ levelCode: BIO, commentId: id })).toEqual({ ok: true, message: "Comment hidden" });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "comment.hidden"), eq(auditLog.levelCode, BIO)));
    expect(entry).toMatchObject({
      actorId: ids.chen,
      detail: { commentId: id, studentId: ids.ava, authorId: ids.ava },
    });
    const [row] = await db().select().from(submissionComments).where(eq(submissionComments.id, id));
    expect(row).toMatchObject({ body: "Something rude", hiddenBy: ids.chen }); // kept, never removed
    // The teacher's notice of it no longer carries its words.
    expect(await notice()).toEqual([{ detail: null }]);

    expect((await listThread({ assignmentId: ids.bio!, studentId: ids.ava!, staff: true })).at(-1)).toMatchObject({
      id,
      hidden: true,
    });
    expect((await listThread({ assignmentId: ids.bio!, studentId: ids.ava! })).map((c) => c.id)).not.toContain(id);
    const staffRead = await read(ids.ava!);
    expect(dataOf(staffRead).comments.find((c) => c.id === id)).toMatchObject({ hidden: true });
    await signInAs(ava.code);
    expect(dataOf(await read(ids.ava!)).comments.map((c) => c.id)).not.toContain(id);
    expect(
      (await listStudentThreads({ studentId: ids.ava!, levelCode: null })).get(ids.bio!)!.map((c) => c.id),
    ).not.toContain(id);
  });

  it("refuses a comment of another class named through this one", async () => {
    const [other] = await db()
      .insert(submissionComments)
      .values({ assignmentId: ids.alg!, studentId: ids.ava!, authorId: ids.ava!, body: "In algebra" })
      .returning({ id: submissionComments.id });
    await signInAs(chen.code);
    const before = await databaseChecksum();
    expect(await hideComment({ levelCode: BIO, commentId: other!.id })).toEqual({
      ok: false,
      message: "That comment is not in this class.",
    });
    expect(await databaseChecksum()).toEqual(before);
  });
});

describe("the flood limit", () => {
  it(`allows a student ${COMMENT_RATE_LIMIT} comments in ${COMMENT_RATE_WINDOW_MS / 60_000} minutes, then refuses without writing`, async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-07T10:01:00Z"));
    await signInAs(liam.code);
    for (let i = 0; i < COMMENT_RATE_LIMIT; i++)
      expect(await post(ids.liam!, `Question ${i}`), `comment ${i + 1}`).toMatchObject({ ok: true });
    const before = await databaseChecksum();
    expect(await post(ids.liam!, "One too many")).toEqual({
      ok: false,
      message: "Too many comments: at most 10 every 10 minutes. Please wait 9 minutes and try again.",
    });
    expect(await databaseChecksum()).toEqual(before);
    // Per author: the teacher still answers; the next window lets the student in again.
    await signInAs(chen.code);
    expect(await post(ids.liam!, "Slow down, please")).toMatchObject({ ok: true });
    vi.setSystemTime(new Date("2030-01-07T10:11:00Z"));
    await signInAs(liam.code);
    expect(await post(ids.liam!, "Sorry")).toMatchObject({ ok: true });
  });
});

describe("markdown", () => {
  it("is stored as written and rendered without scripts or javascript: links", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-01-07T10:01:00Z"));
    await signInAs(ava.code);
    const hostile = '<script>alert(1)</script>\n\n[click](javascript:alert(2))\n\n<img src=x onerror="alert(3)">';
    expect(await post(ids.ava!, hostile)).toMatchObject({ ok: true });
    const comments = await listThread({ assignmentId: ids.bio!, studentId: ids.ava! });
    expect(comments.at(-1)!.body).toBe(hostile);
    const html = threadHtml({
      levelCode: BIO,
      assignmentId: ids.bio!,
      studentId: ids.ava!,
      comments,
      viewerId: ids.ava!,
      canPost: true,
      canHide: false,
    });
    expect(html).toContain("<strong>PDF</strong>");
    expect(html).toContain("click");
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toMatch(/onerror/i);
    expect(html).toMatch(/<label[^>]*for="[^"]+"[^>]*>Your comment<\/label>/);
    expect(html).toContain('role="status"');
  });
});

describe("notifications", () => {
  it("tell the other side, never the author: the student's comment its teacher, the teacher's the student", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2032-01-07T10:01:00Z"));
    await queryRows(sql`delete from notifications`);
    await signInAs(ava.code);
    await post(ids.ava!, "Is the due date Friday?");
    expect(await noticesOf(ids.chen!)).toEqual([
      expect.objectContaining({
        kind: "comment",
        title: expect.stringContaining(`${ava.name} commented on`) as unknown,
        detail: "Is the due date Friday?",
        // Straight to her work in the grading queue.
        href: expect.stringMatching(
          new RegExp(`^/level/${BIO}/update/queue\\?assignment=\\d+&student=${ids.ava}&filter=all$`),
        ) as unknown,
        student_id: ids.ava,
      }),
    ]);
    expect(await noticesOf(ids.ava!)).toEqual([]);
    await signInAs(chen.code);
    await post(ids.ava!, "Yes, Friday.");
    expect(await noticesOf(ids.ava!)).toEqual([
      expect.objectContaining({
        title: expect.stringContaining("commented on your work") as unknown,
        detail: "Yes, Friday.",
        href: `/level/${BIO}?tab=assignments`,
      }),
    ]);
    expect(await noticesOf(ids.chen!)).toHaveLength(1);
    // Nobody else: not the classmate, not the guardian.
    expect(await noticesOf(ids.liam!)).toEqual([]);
    expect(await noticesOf(ids.grace!)).toEqual([]);
  });

  it("respect the recipient's choice for private comments, apart from messages: off tells nothing", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2033-01-07T10:01:00Z"));
    await queryRows(sql`delete from notifications`);
    await queryRows(
      sql`insert into notification_preferences (user_id, event, delivery) values (${ids.ava}, 'message', 'off')
          on conflict (user_id, event) do update set delivery = 'off'`,
    );
    await signInAs(chen.code);
    // The teachers' messages off: a private comment still comes (a kind of its own).
    expect(await post(ids.ava!, "Good work.")).toMatchObject({ ok: true });
    expect(await noticesOf(ids.ava!)).toHaveLength(1);
    await queryRows(sql`delete from notifications`);
    await queryRows(
      sql`insert into notification_preferences (user_id, event, delivery) values (${ids.ava}, 'comment', 'off')
          on conflict (user_id, event) do update set delivery = 'off'`,
    );
    expect(await post(ids.ava!, "Very good work.")).toMatchObject({ ok: true });
    expect(await noticesOf(ids.ava!)).toEqual([]);
    await queryRows(sql`delete from notification_preferences where user_id = ${ids.ava}`);
  });
});

describe("a thread is students' work", () => {
  it("keeps its assignment from being deleted, as a submission would", async () => {
    const [{ id }] = (await queryRows<{ id: number }>(
      sql`insert into assignments (level_code, title, max_score) values (${BIO}, 'Asked about', 10) returning id`,
    )) as [{ id: number }];
    await signInAs(ava.code);
    expect(await post(ids.ava!, "Can I write about frogs?", id)).toMatchObject({ ok: true });
    await signInAs(chen.code);
    expect(await deleteAssignment({ levelCode: BIO, assignmentId: id })).toEqual({
      ok: false,
      message:
        "This assignment has 1 private comment, so it cannot be deleted: the conversation about students' work is kept.",
    });
    expect(await queryRows(sql`select id from assignments where id = ${id}`)).toHaveLength(1);
  });
});

describe("the records", () => {
  it("export the student's threads, hidden comments included", async () => {
    const record = await buildRecord(ids.ava!);
    const rows = record!.tables.submission_comments!;
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((r) => r.student_id === ids.ava)).toBe(true);
    expect(rows.some((r) => r.hidden_at !== null)).toBe(true);
    expect(record!.tables.assignments!.map((a) => a.id)).toContain(ids.bio);
  });
});
