import { restorePglite, restorePostgres } from "@/lib/db/backup";
import { env } from "@/lib/env";

// npm run db:restore -- file
try {
  const file = process.argv[2];
  if (!file) throw new Error("usage: npm run db:restore -- <backup file>");
  const { DATABASE_URL, DATA_DIR } = env();
  if (DATABASE_URL) restorePostgres(file, DATABASE_URL);
  else await restorePglite(file, DATA_DIR);
  console.log(`Restored ${file}.`);
} catch (err) {
  console.error(`db:restore failed: ${(err as Error).message}`);
  process.exit(1);
}
