// Digests (issue 20): at DIGEST_HOUR in the school's time zone (daily; weekly on Fridays) one job
// builds one e-mail per recipient with everything they chose to read that way: every child and
// class together (absences, missing work, grades with the teacher's feedback line, announcements),
// and, when missing and upcoming work is theirs to hear that way, what is due in the coming days.
// The e-mails are queued in the run's transaction, with the notifications marked as digested, so a
// run that fails leaves both for its retry and a run that commits is never repeated (its key).
import { concludedClass } from "@/lib/queries/school-years";
import "server-only";
import { currentSchoolId, DEFAULT_SCHOOL_ID } from "@/lib/db/school-scope";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "@/lib/db/client";
import { formatDateTime } from "@/lib/domain/format";
import { DEFAULT_DELIVERY, upcomingDigestRuns, type DigestPeriod, type NotifyEvent } from "@/lib/domain/notify-events";
import { schoolTimeZone } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { recipientLocale } from "@/lib/i18n/recipient";
import { translatorFor } from "@/lib/i18n/translator";
import { enqueue, enqueueMany, type JobHandler } from "@/lib/jobs/queue";
import { deliverableAddress, digestMail, type DigestGroup } from "@/lib/mail/compose";
import { mailSettings } from "@/lib/mail/transport";
import { MAIL_SEND } from "./deliver";
import { currentSchoolName } from "@/lib/school-name";

type Runner = Pick<Db, "execute">;

export const DIGEST_RUN = "digest.run";
/** How far ahead "coming up" looks. */
const UPCOMING_DAYS: Readonly<Record<DigestPeriod, number>> = { daily: 2, weekly: 7 };
/** Bounds on one e-mail: the portal has the rest. */
const MAX_ITEMS = 100;
const MAX_UPCOMING = 20;

/** Queues the next daily and weekly runs (idempotent: one job per period and day, whoever asks). */
export async function scheduleDigests(on: Runner, now = new Date()): Promise<void> {
  for (const run of upcomingDigestRuns(now, schoolTimeZone())) {
    await enqueue(on, {
      kind: DIGEST_RUN,
      // One job a school and day (the first school's key as it always was, so an upgrade does not
      // queue that day's digest twice).
      dedupeKey: `${currentSchoolId() === DEFAULT_SCHOOL_ID ? "" : `school-${currentSchoolId()}:`}digest:${run.period}:${run.day}`,
      payload: { period: run.period, day: run.day },
      delaySeconds: Math.max(0, Math.ceil((run.runAt.getTime() - now.getTime()) / 1000)),
    });
  }
}

interface PendingRow {
  id: number;
  /** Still theirs to hear: not removed by the roster, and the student is themself or a child linked now. */
  eligible: boolean;
  user_id: number;
  email: string;
  locale: string | null;
  kind: NotifyEvent;
  title: string;
  detail: string | null;
  href: string;
  student_id: number | null;
  student_name: string | null;
  class_name: string | null;
}

interface UpcomingRow {
  user_id: number;
  email: string;
  locale: string | null;
  student_id: number;
  student_name: string;
  assignment_id: number;
  title: string;
  due_date: string | Date;
  class_name: string;
  level_code: string;
  guardian: boolean;
}

/** Builds and queues one period's digests; returns how many e-mails were queued. */
export async function runDigest(tx: Runner, period: DigestPeriod, day: string): Promise<number> {
  const pending = await queryRows<PendingRow>(
    sql`select n.id, n.user_id, u.email, u.locale, n.kind, n.title, n.detail, n.href, n.student_id, s.name as student_name, l.name as class_name,
          (u.roster_deleted_at is null and (n.student_id is null or n.student_id = n.user_id
            or exists (select 1 from guardian_links g where g.parent_id = n.user_id and g.student_id = n.student_id and g.removed_at is null))) as eligible
        from notifications n join users u on u.id = n.user_id
        left join users s on s.id = n.student_id left join levels l on l.code = n.level_code
        where n.digest = ${period} and n.digested_at is null
        order by n.user_id, s.name, n.student_id, l.name, n.created_at, n.id`,
    tx,
  );
  const ids = pending.map((p) => p.id);
  if (ids.length > 0)
    await tx.execute(sql`update notifications set digested_at = now() where id = any(${`{${ids.join(",")}}`}::int[])`);
  // E-mail off: nothing to send; the items stay in the bell and are not saved up for later.
  if (!mailSettings().enabled) return 0;

  const upcoming = await queryRows<UpcomingRow>(
    sql`with r as (
          select u.id as user_id, u.email, u.locale, u.id as student_id, false as guardian from users u
            where u.role = 'student' and u.roster_deleted_at is null and coalesce(trim(u.email), '') <> ''
          union all
          select u.id, u.email, u.locale, g.student_id, true from users u
            join guardian_links g on g.parent_id = u.id and g.removed_at is null
            join users s on s.id = g.student_id and s.roster_deleted_at is null
            where u.role = 'parent' and u.roster_deleted_at is null and coalesce(trim(u.email), '') <> ''
        ), w as (
          select r.* from r left join notification_preferences p on p.user_id = r.user_id and p.event = 'work'
          where coalesce(p.delivery, ${DEFAULT_DELIVERY.work}) = ${period}
        )
        select w.user_id, w.email, w.locale, w.student_id, s.name as student_name, w.guardian, a.id as assignment_id, a.title, a.due_date, l.name as class_name, l.code as level_code
        from w join users s on s.id = w.student_id
          join student_enrollment e on e.student_id = w.student_id
          join assignments a on a.level_code = e.level_code and a.due_date > now() and a.due_date <= now() + make_interval(days => ${UPCOMING_DAYS[period]})
          join levels l on l.code = a.level_code
        -- A concluded class (issue 41) sends nothing.
        where not ${concludedClass("l")} and not exists (select 1 from assignment_submissions x where x.assignment_id = a.id and x.student_id = w.student_id)
        order by w.user_id, s.name, w.student_id, a.due_date, a.id`,
    tx,
  );

  const tz = schoolTimeZone();
  const digests = new Map<
    number,
    {
      to: string;
      locale: Locale;
      groups: Map<number | "none", DigestGroup>;
      items: number;
      events: Set<NotifyEvent>;
    }
  >();
  // Each digest in its recipient's language (issue 31); the items were written in it when they happened.
  const groupOf = (
    r: { user_id: number; locale: string | null },
    to: string,
    studentId: number | null,
    studentName: string | null,
  ) => {
    let d = digests.get(r.user_id);
    if (!d)
      digests.set(
        r.user_id,
        (d = { to, locale: recipientLocale(r.locale), groups: new Map(), items: 0, events: new Set() }),
      );
    const key = studentId ?? "none";
    let g = d.groups.get(key);
    if (!g)
      d.groups.set(
        key,
        (g = { studentName: studentName ?? translatorFor(d.locale, "digest")("theSchool"), classes: [], upcoming: [] }),
      );
    return { d, g };
  };
  for (const p of pending) {
    const to = deliverableAddress(p.email);
    // A guardian unlinked (or a person removed) since the item was written is not told in the digest.
    if (!to || p.eligible !== true) continue;
    if ((digests.get(p.user_id)?.items ?? 0) >= MAX_ITEMS) continue;
    const { d, g } = groupOf(p, to, p.student_id, p.student_name);
    d.items++;
    d.events.add(p.kind);
    const className = p.class_name ?? translatorFor(d.locale, "digest")("school");
    let c = g.classes.find((x) => x.className === className);
    if (!c) g.classes.push((c = { className, items: [] }));
    c.items.push({ title: p.title, detail: p.detail, href: p.href });
  }
  for (const u of upcoming) {
    const to = deliverableAddress(u.email);
    if (!to) continue;
    const { d, g } = groupOf(u, to, u.student_id, u.student_name);
    d.events.add("work");
    if (g.upcoming.length >= MAX_UPCOMING) continue;
    const href = u.guardian
      ? `/children/${u.student_id}`
      : `/level/${encodeURIComponent(u.level_code)}?tab=assignments`;
    g.upcoming.push({
      title: u.title,
      className: u.class_name,
      due: formatDateTime(new Date(u.due_date), tz, d.locale),
      href,
    });
  }

  const school = await currentSchoolName(tx);
  const mails = [...digests].map(([userId, d]) => {
    const mail = digestMail({
      school,
      userId,
      to: d.to,
      period,
      day,
      groups: [...d.groups.values()],
      events: d.events,
      locale: d.locale,
      messageId: `<digest-${period}-${day}-${userId}@classroom-portal>`,
    });
    return {
      kind: MAIL_SEND,
      dedupeKey: `mail:digest:${period}:${day}:${userId}`,
      payload: { ...mail, recipientId: userId, studentId: null },
    };
  });
  await enqueueMany(tx, mails);
  return mails.length;
}

export const digestJob: JobHandler = async (job, tx) => {
  const { period, day } = job.payload as { period: DigestPeriod; day: string };
  await runDigest(tx, period, day);
};
