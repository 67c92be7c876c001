"use server";

import { revalidatePath } from "next/cache";
import { noInput, userAction } from "@/lib/user-actions";
import { makeOwnFeed, turnOffOwnFeed } from "@/lib/calendar/own-feed";

// One's own calendar feed (issue 20): buttons on /calendar, for anyone signed in, answered in the
// reader's language (descriptors, written by guarded()).

const refreshCalendar = () => revalidatePath("/calendar");

/** A new secret address, shown once; any older one stops working. */
export const newCalendarFeedAction = userAction(noInput, (_, user) => makeOwnFeed(user.id), {
  revalidate: refreshCalendar,
});

export const turnOffCalendarFeedAction = userAction(noInput, (_, user) => turnOffOwnFeed(user.id), {
  revalidate: refreshCalendar,
});
