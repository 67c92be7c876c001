import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/query-stats/route";
import { queryRows } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { DEMO_ADMIN, DEMO_INSTRUCTORS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { seedDemo } from "./support/fixtures";
import { cookieJar } from "./support/request-context";
import { signInAs } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// The benchmark reads SQL totals from the running server. The endpoint must not exist in a
// normal deployment and must not answer anyone but an admin when it does.
useTestDatabase();
beforeAll(seedDemo);

async function stats(): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await GET();
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("GET /api/query-stats", () => {
  it("is not found when QUERY_STATS is off (the default), even for an admin", async () => {
    delete process.env.QUERY_STATS;
    resetEnvCache();
    await signInAs(DEMO_ADMIN.code);
    expect((await stats()).status).toBe(404);
  });

  describe("with QUERY_STATS=on", () => {
    beforeAll(() => {
      process.env.QUERY_STATS = "on";
      resetEnvCache();
    });

    it("refuses anonymous callers, students and instructors", async () => {
      cookieJar.clear();
      expect((await stats()).status).toBe(401);
      await signInAs(DEMO_STUDENTS[0]!.code);
      expect((await stats()).status).toBe(403);
      await signInAs(DEMO_INSTRUCTORS[0].code);
      expect((await stats()).status).toBe(403);
    });

    it("gives an admin the statement count and time, which grow with each query", async () => {
      await signInAs(DEMO_ADMIN.code);
      const before = (await stats()).body as { queries: number; ms: number };
      for (let i = 0; i < 3; i++) await queryRows(sql`select pg_sleep(0.01)`);
      const after = (await stats()).body as { queries: number; ms: number };
      // three sleeps plus the session check of the second stats call
      expect(after.queries - before.queries).toBeGreaterThanOrEqual(4);
      expect(after.ms - before.ms).toBeGreaterThanOrEqual(30);
    });

    it("counts SQL time as wall time with a statement in flight, never more than the time that passed", async () => {
      await signInAs(DEMO_ADMIN.code);
      const before = (await stats()).body as { queries: number; ms: number };
      const t0 = performance.now();
      // Queued one after another on PGlite, in parallel on PostgreSQL: either way at most the elapsed time.
      await Promise.all([1, 2, 3, 4].map(() => queryRows(sql`select pg_sleep(0.02)`)));
      const after = (await stats()).body as { queries: number; ms: number };
      // The window ends after the second stats call, whose own session check is counted too (a
      // fixed 5 ms allowance for it was exceeded once on a busy CI machine).
      const elapsed = performance.now() - t0;
      const sqlMs = after.ms - before.ms;
      expect(sqlMs).toBeGreaterThanOrEqual(20);
      expect(sqlMs).toBeLessThanOrEqual(elapsed);
    });
  });
});
