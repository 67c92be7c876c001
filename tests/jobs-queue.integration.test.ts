import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, queryRows } from "@/lib/db/client";
import { claimNext, enqueue, MAX_ATTEMPTS, runDueJobs, runJob, type JobHandler } from "@/lib/jobs/queue";
import { useTestDatabase } from "./support/test-db";

// The durable job queue (issue 20, decision 015) on each engine: enqueued with the write or not at
// all, one job per key, due jobs only, a dead claimant's job taken again, failures retried with
// backoff then given up, and a handler's writes committed only with its job's "done".

useTestDatabase();

const jobsOf = (key: string) =>
  queryRows<{ state: string; attempts: number; due_in_s: number; last_error: string | null }>(
    sql`select state, attempts, extract(epoch from (run_at - now()))::int as due_in_s, last_error from jobs where dedupe_key = ${key}`,
  );

describe("job queue", () => {
  it("enqueues only with a transaction that commits, once per key", async () => {
    await expect(
      db().transaction(async (tx) => {
        await enqueue(tx, { kind: "test", dedupeKey: "rolled-back", payload: {} });
        throw new Error("the write failed");
      }),
    ).rejects.toThrow("the write failed");
    expect(await jobsOf("rolled-back")).toEqual([]);
    expect(await enqueue(db(), { kind: "test", dedupeKey: "once", payload: { n: 1 }, delaySeconds: 3600 })).toBe(true);
    expect(await enqueue(db(), { kind: "test", dedupeKey: "once", payload: { n: 2 }, delaySeconds: 3600 })).toBe(false);
    expect(await jobsOf("once")).toHaveLength(1);
  });

  it("runs due jobs only, each once, and puts a finished job back when restarted", async () => {
    const seen: string[] = [];
    const handlers: Record<string, JobHandler> = { note: (job) => Promise.resolve(void seen.push(job.dedupeKey)) };
    await enqueue(db(), { kind: "note", dedupeKey: "now", payload: {} });
    await enqueue(db(), { kind: "note", dedupeKey: "later", payload: {}, delaySeconds: 600 });
    expect(await runDueJobs(handlers)).toBe(1);
    expect(await runDueJobs(handlers)).toBe(0);
    expect(seen).toEqual(["now"]);
    expect((await jobsOf("now"))[0]!.state).toBe("done");
    expect((await jobsOf("later"))[0]!.state).toBe("queued");
    // A restart (a new mark in a settling delay) re-arms the finished job with the new delay.
    expect(await enqueue(db(), { kind: "note", dedupeKey: "now", payload: {}, delaySeconds: 300, restart: true })).toBe(
      true,
    );
    expect(await jobsOf("now")).toMatchObject([{ state: "queued", attempts: 0 }]);
    expect((await jobsOf("now"))[0]!.due_in_s).toBeGreaterThan(250);
  });

  it("takes back a job whose claimant died once its lease ran out", async () => {
    await enqueue(db(), { kind: "note", dedupeKey: "orphan", payload: {} });
    const claimed = await claimNext();
    expect(claimed?.dedupeKey).toBe("orphan");
    // The process that claimed it is gone: nobody else may take it while the lease lasts…
    expect(await claimNext()).toBeNull();
    // …and once it has run out, the next worker does.
    await queryRows(sql`update jobs set locked_until = now() - interval '1 second' where dedupe_key = 'orphan'`);
    const again = await claimNext();
    expect([again?.dedupeKey, again?.attempts]).toEqual(["orphan", 2]);
    await queryRows(sql`update jobs set state = 'done' where dedupe_key = 'orphan'`);
  });

  it("retries a failing job with a growing delay, keeps none of its writes, and gives up after the last attempt", async () => {
    (globalThis as { __allowConsoleError?: boolean }).__allowConsoleError = true; // each failure is logged for the operator
    const handlers: Record<string, JobHandler> = {
      flaky: async (_job, tx) => {
        await tx.execute(sql`insert into grade_categories (name) values ('written by a failing job')`);
        throw new Error("mail server said no");
      },
    };
    await enqueue(db(), { kind: "flaky", dedupeKey: "flaky", payload: {} });
    const first = (await claimNext())!;
    expect(await runJob(first, handlers)).toBe("retry");
    const [after1] = await jobsOf("flaky");
    expect(after1).toMatchObject({ state: "queued", attempts: 1, last_error: "mail server said no" });
    expect(after1!.due_in_s).toBeGreaterThanOrEqual(9);
    expect(await queryRows(sql`select 1 from grade_categories where name = 'written by a failing job'`)).toEqual([]);
    await queryRows(sql`update jobs set run_at = now() where dedupe_key = 'flaky'`);
    expect(await runJob((await claimNext())!, handlers)).toBe("retry");
    expect((await jobsOf("flaky"))[0]!.due_in_s).toBeGreaterThanOrEqual(39); // 10 s, then 40 s
    for (let i = 2; i < MAX_ATTEMPTS; i++) {
      await queryRows(sql`update jobs set run_at = now() where dedupe_key = 'flaky'`);
      await runJob((await claimNext())!, handlers);
    }
    expect(await jobsOf("flaky")).toMatchObject([{ state: "failed", attempts: MAX_ATTEMPTS }]);
    await queryRows(sql`update jobs set run_at = now() where dedupe_key = 'flaky'`);
    expect(await claimNext()).toBeNull();
  });
});
