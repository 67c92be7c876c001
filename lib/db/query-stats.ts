import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";

// Counts the SQL statements issued inside a scope, so tests and benchmarks can prove that a
// screen's query count does not grow with class size.
const scope = new AsyncLocalStorage<{ count: number; statements: string[] }>();

export const queryLogger: Logger = {
  logQuery(query: string) {
    const stats = scope.getStore();
    if (stats) {
      stats.count++;
      stats.statements.push(query);
    }
  },
};

export async function countQueries<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; count: number; statements: string[] }> {
  const stats = { count: 0, statements: [] as string[] };
  const result = await scope.run(stats, fn);
  return { result, count: stats.count, statements: stats.statements };
}

/**
 * Runs `fn` outside any count: work a process does now and then for every request after it (the
 * schools' settings, re-read every few seconds) belongs to no one screen's statements.
 */
export function uncounted<T>(fn: () => T): T {
  return scope.exit(fn);
}

// Process-wide totals measured at the driver, read by the benchmark through /api/query-stats
// between sequential requests. `ms` is the wall time during which at least one statement was in
// flight: PGlite runs statements one after another, so summing each call's own time would count
// a Promise.all's queueing several times. On globalThis because Next may load this module once
// per route bundle while the database client is shared.
const globalForStats = globalThis as unknown as {
  __portalQueryTotals?: { queries: number; ms: number; inFlight: number; since: number };
};
const totals = (globalForStats.__portalQueryTotals ??= { queries: 0, ms: 0, inFlight: 0, since: 0 });

export function queryTotals(): { queries: number; ms: number } {
  const open = totals.inFlight > 0 ? performance.now() - totals.since : 0;
  return { queries: totals.queries, ms: totals.ms + open };
}

type AnyFn = (...args: unknown[]) => unknown;

/** Replaces obj[name] with a version that adds each call and its duration to the totals. */
export function timeCalls(obj: object, name: string): void {
  const target = obj as Record<string, AnyFn>;
  const original = target[name]!.bind(obj);
  target[name] = (...args: unknown[]) => {
    if (totals.inFlight++ === 0) totals.since = performance.now();
    const done = () => {
      totals.queries++;
      if (--totals.inFlight === 0) totals.ms += performance.now() - totals.since;
    };
    // node-postgres' Pool.query hands its client a callback; drizzle awaits a promise.
    const cb = args.findIndex((a) => typeof a === "function");
    if (cb >= 0) {
      const callback = args[cb] as AnyFn;
      args[cb] = (...res: unknown[]) => {
        done();
        return callback(...res);
      };
      return original(...args);
    }
    const out = original(...args);
    if (out && typeof (out as Promise<unknown>).then === "function") return (out as Promise<unknown>).finally(done);
    done();
    return out;
  };
}
