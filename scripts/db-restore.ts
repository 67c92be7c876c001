import { restorePglite, restorePostgres } from "@/lib/db/backup";
import { env } from "@/lib/env";
import { restoreFiles } from "@/lib/files/backup";

// npm run db:restore -- file
try {
  const file = process.argv[2];
  if (!file) throw new Error("usage: npm run db:restore -- <backup file>");
  const { DATABASE_URL, DATABASE_DIRECT_URL, DATA_DIR } = env();
  if (DATABASE_URL) restorePostgres(file, DATABASE_DIRECT_URL ?? DATABASE_URL);
  else await restorePglite(file, DATA_DIR);
  console.log(`Restored ${file}.`);
  const files = restoreFiles(DATA_DIR, file);
  if (files) console.log(`Attachments restored to ${files}.`);
} catch (err) {
  console.error(`db:restore failed: ${(err as Error).message}`);
  process.exit(1);
}
