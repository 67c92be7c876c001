import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AppShell } from "@/components/app-header";
import { CalendarFeedForm } from "@/components/calendar/calendar-feed-form";
import { getSessionUser } from "@/lib/auth/session";
import { currentFeed } from "@/lib/calendar/feeds";
import { formatDateTime } from "@/lib/domain/format";
import { schoolTimeZone } from "@/lib/env";

export const metadata: Metadata = { title: "Calendar feed" };

const WHAT: Record<string, string> = {
  student: "the due dates of your classes",
  parent: "the due dates of your children's classes, each with the child's name",
  instructor: "the due dates of the classes you teach",
  admin: "nothing yet: feeds list a student's, a parent's children's or a teacher's classes",
};

/** One's own calendar feed (issue 20): what it lists, whether it is on, a new address or off. */
export default async function CalendarPage() {
  const user = await getSessionUser();
  if (!user) redirect("/");
  const feed = await currentFeed(user.id);
  const tz = schoolTimeZone();
  return (
    <AppShell user={user}>
      <h1 className="text-2xl font-semibold sm:text-3xl">Calendar feed</h1>
      <p className="mt-1 max-w-2xl text-ink-muted">
        A private address your calendar app can subscribe to: {WHAT[user.role] ?? WHAT.admin}. Titles and due times
        only, no grades. Changed due dates move in your calendar; deleted work disappears.
      </p>
      <p className="mt-4 text-sm" data-testid="calendar-feed-state">
        {feed
          ? `Your feed is on since ${formatDateTime(feed.createdAt, tz)}${feed.lastUsedAt ? `; last read ${formatDateTime(feed.lastUsedAt, tz)}` : "; not read yet"}.`
          : "You have no calendar feed."}
      </p>
      <div className="mt-4">
        <CalendarFeedForm live={feed !== null} />
      </div>
    </AppShell>
  );
}
