// Called by `npm run db:generate -- --preset school` (see scripts/db-generate.mjs).
import { closeDb, dbHandle } from "@/lib/db/client";
import { GENERATED_CODES, generateSchool, PRESETS, type PresetName, type SchoolShape } from "@/lib/db/generate-school";
import { runMigrations } from "@/lib/db/migrate";
import { env, schoolTimeZone } from "@/lib/env";

function option(name: string): string | undefined {
  const i = process.argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const a = process.argv[i]!;
  return a.includes("=") ? a.slice(a.indexOf("=") + 1) : process.argv[i + 1];
}

try {
  const presetName = (option("preset") ?? "school") as PresetName;
  const preset: SchoolShape | undefined = PRESETS[presetName];
  if (!preset) throw new Error(`--preset must be one of ${Object.keys(PRESETS).join(", ")}`);
  const num = (name: keyof SchoolShape) => (option(name) === undefined ? preset[name] : Number(option(name)));
  const shape: SchoolShape = {
    students: num("students"),
    classes: num("classes"),
    assignments: num("assignments"),
    days: num("days"),
  };
  const seed = option("seed") === undefined ? undefined : Number(option("seed"));

  const handle = dbHandle();
  const where = handle.engine === "pglite" ? `PGlite in ${env().DATA_DIR}` : "PostgreSQL (DATABASE_URL)";
  console.log(
    `Generating ${shape.students} students, ${shape.classes} classes, ${shape.assignments} assignments per class, ${shape.days} school days into ${where}...`,
  );
  await runMigrations(handle);
  const result = await generateSchool(handle.ownerDb, shape, {
    seed,
    timeZone: schoolTimeZone(),
    log: (l) => console.log(l),
    // --year: a school year holding today, with two terms, that every class belongs to.
    year: process.argv.includes("--year"),
    // --schools N: a district of N schools of this shape (their codes start sKK-).
    schools: option("schools") === undefined ? undefined : Number(option("schools")),
  });
  await closeDb();
  const total = Object.values(result.rows).reduce((a, b) => a + b, 0);
  console.log(`\nDone: ${total.toLocaleString("en-US")} rows in ${(result.ms / 1000).toFixed(1)} s.`);
  console.log(
    `Codes (predictable — for benchmarks only): admin ${GENERATED_CODES.admin}, instructors ${GENERATED_CODES.instructor(1)}…, students ${GENERATED_CODES.student(1)}…, parents ${GENERATED_CODES.parent(1)}…`,
  );
  console.log(`A homeroom class (with attendance): ${result.homeroom}`);
} catch (err) {
  console.error(`db:generate failed: ${(err as Error).message}`);
  await closeDb().catch(() => {});
  process.exit(1);
}
