import { readiness } from "@/lib/health/readiness";

// Readiness (decision 030): 200 while this process may take requests, 503 while it starts, drains,
// or cannot reach its database or storage. The answer names the failing part, never data.
export const dynamic = "force-dynamic";

export async function GET() {
  const r = await readiness();
  return new Response(r.ready ? "ready\n" : `not ready: ${r.reason}\n`, {
    status: r.ready ? 200 : 503,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
