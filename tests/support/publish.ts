import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { render } from "@/lib/i18n/render";
import { setTermPublished } from "@/lib/terms/publishing";

/** Publishes these terms as an admin would (stored cards included, issue 27), by the first admin on file. */
export async function publishTerms(termIds: readonly number[]): Promise<void> {
  const [admin] = await queryRows<{ id: number }>(sql`select id from users where role = 'admin' order by id limit 1`);
  if (!admin) throw new Error("publishTerms needs an admin");
  for (const id of termIds) {
    const result = await setTermPublished(id, true, admin.id);
    if (!result.ok) throw new Error(render(result.message, "en"));
  }
}
