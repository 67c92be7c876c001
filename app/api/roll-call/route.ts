import { markRollCall } from "@/app/level/[levelCode]/update/attendance-actions";
import { readForm, sameOrigin } from "@/lib/http";

/**
 * A roll-call mark posted by the list's form itself (issue 30): a tap before the page's script has
 * run, or with JavaScript off. The same action as the hydrated list's (access, validation, lock,
 * audit and the first mark adding the day), then a 303 back to the roll call, which shows the mark.
 * A refusal goes back with ?rollcall=refused (a fixed word: the page shows its own text, so a link
 * cannot put words of its own on a teacher's page).
 */
export async function POST(request: Request) {
  if (!sameOrigin(request)) return Response.json({ ok: false, message: "Forbidden" }, { status: 403 });
  const form = await readForm(request, 2_000).catch(() => null);
  const field = (name: string) => {
    const v = form?.get(name);
    return typeof v === "string" ? v : "";
  };
  const [studentId = "", status = ""] = field("mark").split(":");
  const date = field("date");
  const levelCode = field("levelCode");
  const result = await markRollCall({ levelCode, studentId, date, status });
  return backTo(request, levelCode, date, !result.ok);
}

/** 303 to the roll call the form was on (this site's pages only), else the class's roll call of that day. */
function backTo(request: Request, levelCode: string, date: string, refused: boolean): Response {
  let path = `/level/${encodeURIComponent(levelCode)}/update?${new URLSearchParams({ tab: "attendance", day: date })}`;
  try {
    const from = new URL(request.headers.get("referer") ?? "");
    const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
    // A path starting with // would be read as another host.
    if (from.host === host && !from.pathname.startsWith("//")) path = from.pathname + from.search;
  } catch {
    /* no usable Referer: the class's roll call */
  }
  const url = new URL(path, "http://portal.invalid");
  url.searchParams.delete("rollcall");
  if (refused) url.searchParams.set("rollcall", "refused");
  return new Response(null, { status: 303, headers: { Location: url.pathname + url.search } });
}
