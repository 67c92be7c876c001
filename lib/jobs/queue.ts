// The durable job queue (issue 20, decision 015): a table in our own database, so it works the
// same on PGlite and PostgreSQL and a job is enqueued in the transaction of the write that causes
// it (no job for a write that rolled back, no write without its job). Jobs are claimed with
// FOR UPDATE SKIP LOCKED, so several portal processes share the work; a claim holds the job for
// LEASE_SECONDS, and a process that dies mid-job leaves it to be claimed again after that.
//
// Delivery: a handler runs inside the transaction that marks its job done, so whatever it writes
// to the database (in-app notifications) happens exactly once. Anything outside the database (an
// e-mail) is at least once; its handler records what it sent under the job's key first.
import "server-only";
import { sql } from "drizzle-orm";
import { db, jsonColumn, queryRows, type Db } from "@/lib/db/client";
import { withSchool } from "@/lib/db/school-scope";
import { refreshSchoolSettings } from "@/lib/district/school-settings";

type Runner = Pick<Db, "execute">;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const LEASE_SECONDS = 60;
export const MAX_ATTEMPTS = 8;
const ENQUEUE_SLICE = 500;

export interface Job<P = Record<string, unknown>> {
  id: number;
  kind: string;
  dedupeKey: string;
  payload: P;
  attempts: number;
  /** The school whose work it is (the enqueuing transaction's): the job runs in it. */
  schoolId: number;
}

/**
 * What a kind of job does; throwing retries it later (backoff), up to MAX_ATTEMPTS. A function runs
 * in the transaction that marks the job done. `outsideTransaction` is for work outside the database
 * (sending an e-mail): it runs first and the job is marked done after it, so no transaction (and,
 * on PGlite, no connection) is held while a mail server answers.
 */
export type JobHandler = ((job: Job, tx: Tx) => Promise<void>) | { outsideTransaction: (job: Job) => Promise<void> };

/**
 * Enqueues a job to run after `delaySeconds`, on `on` (the caller's transaction). The same
 * `dedupeKey` again is the same job: nothing is added (returns false), unless `restart`, which
 * puts a waiting or finished job back to run after the new delay (a settling delay that starts
 * again with each change; the handler's own keys keep a second run from repeating its effect).
 */
export async function enqueue(
  on: Runner,
  job: {
    kind: string;
    dedupeKey: string;
    payload: Record<string, unknown>;
    delaySeconds?: number;
    /** An instant instead of a delay (a scheduled run: the roster sync at 02:00 school time). */
    runAt?: Date;
    restart?: boolean;
  },
): Promise<boolean> {
  const runAt = job.runAt ? job.runAt.toISOString() : null;
  const rows = await queryRows<{ id: number }>(
    sql`insert into jobs (kind, dedupe_key, payload, run_at)
        values (${job.kind}, ${job.dedupeKey}, ${JSON.stringify(job.payload)}::jsonb,
          coalesce(${runAt}::timestamptz, now() + make_interval(secs => ${job.delaySeconds ?? 0})))
        ${onConflict(job.restart)} returning id`,
    on,
  );
  return rows.length > 0;
}

/** A key already queued: left as it is, or with `restart` put back to run after the new delay (unless running). */
function onConflict(restart: boolean | undefined) {
  return restart
    ? sql`on conflict (dedupe_key) do update set run_at = excluded.run_at, payload = excluded.payload, state = 'queued', attempts = 0, finished_at = null, last_error = null
          where jobs.state <> 'running'`
    : sql`on conflict (dedupe_key) do nothing`;
}

/**
 * Many jobs in one statement (a bulk grade, a digest run's e-mails), on the caller's transaction.
 * Keys already queued are left as they are, or re-armed with `restart` like `enqueue`.
 */
export async function enqueueMany(
  on: Runner,
  jobs: readonly { kind: string; dedupeKey: string; payload: Record<string, unknown>; delaySeconds?: number }[],
  options: { restart?: boolean } = {},
): Promise<number> {
  if (jobs.length === 0) return 0;
  // In slices: one statement's parameter stays small whatever the school's size (a whole school's report-card notices).
  if (jobs.length > ENQUEUE_SLICE) {
    let n = 0;
    for (let i = 0; i < jobs.length; i += ENQUEUE_SLICE)
      n += await enqueueMany(on, jobs.slice(i, i + ENQUEUE_SLICE), options);
    return n;
  }
  const rows = JSON.stringify(
    jobs.map((j) => ({ kind: j.kind, dedupe_key: j.dedupeKey, payload: j.payload, delay: j.delaySeconds ?? 0 })),
  );
  const inserted = await queryRows<{ id: number }>(
    sql`insert into jobs (kind, dedupe_key, payload, run_at)
        select distinct on (j.dedupe_key) j.kind, j.dedupe_key, j.payload, now() + make_interval(secs => j.delay)
        from jsonb_to_recordset(${rows}::jsonb) as j(kind text, dedupe_key text, payload jsonb, delay int)
        order by j.dedupe_key
        ${onConflict(options.restart)} returning id`,
    on,
  );
  return inserted.length;
}

/** Seconds before attempt n + 1: 10 s, 40 s, 2.5 min, 10 min, … capped at an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 10 * 4 ** Math.max(0, attempts - 1));
}

/** Gives up the jobs whose every attempt took its process down (their lease ran out MAX_ATTEMPTS times). */
export async function failAbandoned(): Promise<void> {
  await db()
    .execute(sql`update jobs set state = 'failed', finished_at = now(), last_error = coalesce(last_error, 'its worker stopped while running it, every attempt')
    where state = 'running' and locked_until < now() and attempts >= max_attempts`);
}

/** Claims the next due job (or one whose claimant died), or null. `now`: the database's clock unless a test gives one. */
export async function claimNext(now?: Date): Promise<Job | null> {
  const due = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const [row] = await queryRows<{
    id: number;
    kind: string;
    dedupe_key: string;
    payload: Record<string, unknown> | string;
    attempts: number;
    school_id: number;
  }>(sql`
    update jobs set state = 'running', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
    where id = (
      select id from jobs
      where (state = 'queued' and run_at <= ${due}) or (state = 'running' and locked_until < now() and attempts < max_attempts)
      order by run_at, id limit 1 for update skip locked)
    returning id, kind, dedupe_key, payload, attempts, school_id`);
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    dedupeKey: row.dedupe_key,
    payload: jsonColumn(row.payload) as Record<string, unknown>,
    attempts: row.attempts,
    schoolId: row.school_id,
  };
}

/**
 * Runs one claimed job: the handler and the job's "done" commit together. A failure is recorded
 * and the job goes back to the queue after its backoff, or to 'failed' after the last attempt.
 */
export function runJob(job: Job, handlers: Readonly<Record<string, JobHandler>>): Promise<"done" | "retry" | "failed"> {
  return withSchool(job.schoolId, () => runInSchool(job, handlers));
}

async function runInSchool(
  job: Job,
  handlers: Readonly<Record<string, JobHandler>>,
): Promise<"done" | "retry" | "failed"> {
  await refreshSchoolSettings();
  const handler = handlers[job.kind];
  try {
    if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
    // Only while this claim holds the job: a claimant whose lease ran out does not overwrite the next one's.
    const markDone = sql`update jobs set state = 'done', finished_at = now(), locked_until = null where id = ${job.id} and state = 'running' and attempts = ${job.attempts}`;
    if (typeof handler === "function") {
      await db().transaction(async (tx) => {
        await handler(job, tx);
        await tx.execute(markDone);
      });
    } else {
      await handler.outsideTransaction(job);
      await db().execute(markDone);
    }
    return "done";
  } catch (err) {
    const last = job.attempts >= MAX_ATTEMPTS;
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    await db().execute(sql`
      update jobs set state = ${last ? "failed" : "queued"}, locked_until = null, last_error = ${message},
        run_at = now() + make_interval(secs => ${backoffSeconds(job.attempts)}), finished_at = ${last ? sql`now()` : null}
      where id = ${job.id} and state = 'running' and attempts = ${job.attempts}`);
    console.error(
      `job ${job.id} (${job.kind}) failed on attempt ${job.attempts}${last ? ", giving up" : ""}: ${message}`,
    );
    return last ? "failed" : "retry";
  }
}

/** Runs due jobs until none is left or `limit` have run; returns how many ran. */
export async function runDueJobs(
  handlers: Readonly<Record<string, JobHandler>>,
  limit = 100,
  now?: Date,
): Promise<number> {
  await failAbandoned(); // once a batch, not once a job: a claim is then one statement
  let n = 0;
  for (; n < limit; n++) {
    const job = await claimNext(now);
    if (!job) break;
    await runJob(job, handlers);
  }
  return n;
}
