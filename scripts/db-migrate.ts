import { closeDb, dbHandle } from "@/lib/db/client";
import { runMigrations } from "@/lib/db/migrate";

try {
  const handle = dbHandle();
  await runMigrations(handle);
  console.log(`Migrations applied (${handle.engine}).`);
  await closeDb();
} catch (err) {
  console.error(`db:migrate failed: ${(err as Error).message}`);
  process.exit(1);
}
