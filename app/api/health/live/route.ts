// Liveness (decision 030): the process answers. No session, no database, nothing about anyone.
export const dynamic = "force-dynamic";

export function GET() {
  return new Response("live\n", {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
