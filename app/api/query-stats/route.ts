import { AccessDenied, requireAdmin } from "@/lib/auth/guards";
import { queryTotals } from "@/lib/db/query-stats";
import { env } from "@/lib/env";

/**
 * The process's SQL totals (statements and their time), for `npm run bench`: it reads them
 * before and after a run of sequential requests to one page. Off unless QUERY_STATS=on, and
 * admins only even then.
 */
export async function GET() {
  if (env().QUERY_STATS !== "on") return Response.json({ error: "Not found" }, { status: 404 });
  try {
    await requireAdmin();
  } catch (err) {
    if (err instanceof AccessDenied)
      return Response.json({ error: err.message }, { status: err.reason === "unauthenticated" ? 401 : 403 });
    throw err;
  }
  return Response.json(queryTotals(), { headers: { "cache-control": "no-store" } });
}
