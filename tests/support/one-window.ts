import { sql } from "drizzle-orm";
import { afterEach, beforeEach, vi } from "vitest";
import { queryRows } from "@/lib/db/client";

/**
 * Rate limits count in fixed windows aligned to the clock (lib/rate-limit.ts): a real window's end
 * falling mid-test would reset the counters and the test would see no limit. Each test of the
 * calling describe starts with no counters and runs with the clock held `at` into one window.
 */
export function inOneWindow(windowMs: number, at = windowMs / 2): void {
  let spy: { mockRestore(): void } | undefined;
  beforeEach(async () => {
    await queryRows(sql`delete from rate_limits`);
    const now = Date.now();
    spy = vi.spyOn(Date, "now").mockReturnValue(now - (now % windowMs) + at);
  });
  afterEach(() => spy?.mockRestore());
}
