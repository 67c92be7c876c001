import { headers } from "next/headers";
import { feedCalendar, feedOwner } from "@/lib/calendar/feeds";
import { refreshSchoolSettings } from "@/lib/district/school-settings";
import { clientAddress, clientKey, hitRateLimit } from "@/lib/rate-limit";

// GET /calendar/feed/<token>: a user's due dates as iCalendar, for calendar apps (issue 20). The
// secret address is the key: an unknown, malformed or turned-off one gets one plain 404. Polled by
// apps, so limited per client address, and never cached by anyone in between.

const NOT_FOUND =
  "This calendar feed does not exist or was turned off. Make a new address on the portal's Calendar page.";
const plain = (status: number, text: string, extra: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...extra },
  });

export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const client = clientAddress(await headers());
  const limit = await hitRateLimit(clientKey("calendar-feed", client), 60, 60_000);
  if (!limit.allowed)
    return plain(429, `Too many requests. Please wait ${limit.retryAfterSeconds} seconds and try again.`, {
      "retry-after": String(limit.retryAfterSeconds),
    });
  // No session here, whose check reads the schools' own settings: the calendar's name is in its
  // owner's language, else their school's, even on the first request a process serves.
  await refreshSchoolSettings();
  const owner = await feedOwner((await params).token.slice(0, 100));
  if (!owner) return plain(404, NOT_FOUND);
  const body = await feedCalendar(owner.userId, owner.role, owner.locale);
  return new Response(body, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'inline; filename="due-dates.ics"',
      "cache-control": "private, no-store",
      "referrer-policy": "no-referrer",
    },
  });
}
