import { closeDb, dbHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";
import { seedDemoSchool } from "@/lib/db/seed";
import { schoolTimeZone } from "@/lib/env";

try {
  const handle = dbHandle();
  await runMigrations(handle);
  const { seeded } = await seedDemoSchool(handle.db, { timeZone: schoolTimeZone() });
  console.log(seeded ? "Demo school loaded." : "Demo school already present: nothing changed.");
  await closeDb();
} catch (err) {
  console.error(`db:seed failed: ${(err as Error).message}`);
  process.exit(1);
}
