// The data of the end-to-end suite's second server (playwright.config.ts, EXTRA_PORT), for specs
// that need what no screen of the suite makes, written before that server starts: the demo school
// with last year closed (tests/support/past-year.ts, for e2e/past-years.spec.ts) and a writing class
// with handed-in essays to grade with a rubric (tests/support/feedback-class.ts, for
// e2e/grading-queue.spec.ts), and a second school, North Campus, with a district admin and a teacher
// at both schools (tests/support/district.ts, for e2e/district.spec.ts). The shared server's demo
// school is left as every other spec expects.
// Run by scripts/e2e-server.mjs when E2E_SEED names this file, with that server's environment.
import { closeDb, dbHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { seedDemoSchool } from "@/lib/db/seed";
import { schoolTimeZone } from "@/lib/env";
import { seedDistrict } from "../tests/support/district";
import { seedFeedbackClass } from "../tests/support/feedback-class";
import { seedPastYear } from "../tests/support/past-year";

const handle = dbHandle();
await runMigrations(handle);
await seedDemoSchool(handle.db, { timeZone: schoolTimeZone() });
await seedPastYear();
await seedFeedbackClass();
await seedDistrict();
await closeDb();
console.log("Demo school with last year closed, the writing class, and North Campus beside it.");
