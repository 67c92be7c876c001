// npm run db:generate                      → a new SQL migration from schema changes (drizzle-kit)
// npm run db:generate -- --preset school   → a generated school in an empty database (benchmarks)
// npm run db:generate -- --students N --classes M --assignments A --days D [--seed S]
// One name for both because the style guide names drizzle-kit's `db:generate` and issue 8 names
// the data generator so; the data flags decide which one runs.
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const dataFlags = ["--preset", "--students", "--classes", "--assignments", "--days", "--seed"];
const wantsData = args.some((a) => dataFlags.includes(a.split("=")[0]));
const [cmd, cmdArgs] = wantsData
  ? ["npx", ["tsx", "--conditions=react-server", "scripts/generate-school.ts", ...args]]
  : ["npx", ["drizzle-kit", "generate", ...args]];
const res = spawnSync(cmd, cmdArgs, { stdio: "inherit" });
process.exit(res.status ?? 1);
