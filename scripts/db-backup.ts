import { closeDb, dbHandle } from "@/lib/db/client";
import { backupPglite, backupPostgres } from "@/lib/db/backup";
import { env } from "@/lib/env";

// npm run db:backup [-- file]   (default: backups/portal-<timestamp>.<tar.gz|dump>)
try {
  const { DATABASE_URL } = env();
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = process.argv[2] ?? `backups/portal-${stamp}.${DATABASE_URL ? "dump" : "tar.gz"}`;
  const bytes = DATABASE_URL ? backupPostgres(DATABASE_URL, file) : await backupPglite(dbHandle(), file);
  console.log(`Backup written to ${file} (${bytes} bytes).`);
  await closeDb();
} catch (err) {
  console.error(`db:backup failed: ${(err as Error).message}`);
  process.exit(1);
}
