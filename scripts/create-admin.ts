// npm run create-admin -- --name "Dana Lee" --username dlee [--email dana.lee@lincoln.school]
// Creates an admin with a generated access code and prints the code once (it is not shown again).
// --email: their school e-mail, by which their school account links at the first sign-in.
// --district: a district admin (issue 42): may enter every school and add schools (/district).
// The admin belongs to the install's first school.
import { closeDb, dbHandle } from "@/lib/db/client";
import { createAdmin } from "@/lib/db/create-admin";
import { runMigrations } from "@/lib/db/migrate";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

async function main() {
  const handle = dbHandle();
  await runMigrations(handle);
  const result = await createAdmin(handle.db, {
    name: arg("name") ?? "",
    username: arg("username") ?? "",
    email: arg("email"),
    district: process.argv.includes("--district"),
  });
  await closeDb();
  if (!result.ok) {
    console.error(`create-admin: ${result.message}`);
    process.exit(1);
  }
  console.log(
    `Created ${process.argv.includes("--district") ? "district admin" : "admin"} @${arg("username")!.trim()}. Access code (shown once, keep it safe): ${result.code}`,
  );
}

main().catch((err) => {
  console.error(`create-admin failed: ${(err as Error).message}`);
  process.exit(1);
});
