import { openPglite, setDbHandle, queryRows } from "@/lib/db/client";
import { sql } from "drizzle-orm";
const h = openPglite(process.argv[2]!); setDbHandle(h);
for (const q of process.argv.slice(3)) { const s = performance.now(); const r = await queryRows<Record<string, unknown>>(sql.raw(q)); console.log((performance.now() - s).toFixed(1), "ms", r.length > 3 ? r.map((x) => Object.values(x)[0]).join("\n") : JSON.stringify(r).slice(0, 300)); }
await h.close();
