import { closeDb, dbHandle } from "@/lib/db/client";
import { backupPglite, backupPostgres } from "@/lib/db/backup";
import { env } from "@/lib/env";
import { backupFiles } from "@/lib/files/backup";

// npm run db:backup [-- file]   (default: backups/portal-<timestamp>.<tar.gz|dump>)
try {
  const { DATABASE_URL, DATABASE_DIRECT_URL, DATA_DIR, S3_BUCKET } = env();
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = process.argv[2] ?? `backups/portal-${stamp}.${DATABASE_URL ? "dump" : "tar.gz"}`;
  const bytes = DATABASE_URL
    ? backupPostgres(DATABASE_DIRECT_URL ?? DATABASE_URL, file)
    : await backupPglite(dbHandle(), file);
  console.log(`Backup written to ${file} (${bytes} bytes).`);
  if (S3_BUCKET)
    console.log(`Attachments are in the S3 bucket ${S3_BUCKET}: back it up with the object store's tools.`);
  else {
    const files = backupFiles(DATA_DIR, file);
    if (files) console.log(`Attachments written to ${files}.`);
  }
  await closeDb();
} catch (err) {
  console.error(`db:backup failed: ${(err as Error).message}`);
  process.exit(1);
}
