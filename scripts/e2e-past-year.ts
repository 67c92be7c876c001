// Test data for e2e/past-years.spec.ts (issue 41), written before its own server starts: the demo
// school with last year closed (tests/support/past-year.ts: a concluded class with a published
// card for stu-01, whose parent is parent-johnson). Run by scripts/e2e-server.mjs when E2E_SEED
// names this file, on the server's fresh data folder and with its environment.
import { closeDb, dbHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { seedDemoSchool } from "@/lib/db/seed";
import { schoolTimeZone } from "@/lib/env";
import { seedPastYear } from "../tests/support/past-year";

const handle = dbHandle();
await runMigrations(handle);
await seedDemoSchool(handle.db, { timeZone: schoolTimeZone() });
await seedPastYear();
await closeDb();
console.log("Demo school with last year closed.");
