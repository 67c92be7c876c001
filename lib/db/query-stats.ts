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

export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; count: number; statements: string[] }> {
  const stats = { count: 0, statements: [] as string[] };
  const result = await scope.run(stats, fn);
  return { result, count: stats.count, statements: stats.statements };
}
