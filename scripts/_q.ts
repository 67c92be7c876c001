import { openPglite, setDbHandle, queryRows } from "@/lib/db/client";
import { sql } from "drizzle-orm";
const h = openPglite(process.argv[2]!); setDbHandle(h);
console.log(await queryRows(sql.raw(process.argv[3]!)));
await h.close();
