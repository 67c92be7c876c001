"use server";

import { revalidatePath } from "next/cache";
import { noInput, userAction } from "@/lib/actions";
import { makeOwnFeed, turnOffOwnFeed } from "@/lib/calendar/own-feed";
import { requestLocale } from "@/lib/i18n/request-locale";

// One's own calendar feed (issue 20): buttons on /calendar, for anyone signed in, answered in the
// reader's language.

const refreshCalendar = () => revalidatePath("/calendar");

/** A new secret address, shown once; any older one stops working. */
export const newCalendarFeedAction = userAction(
  noInput,
  async (_, user) => makeOwnFeed(user.id, await requestLocale()),
  { revalidate: refreshCalendar },
);

export const turnOffCalendarFeedAction = userAction(
  noInput,
  async (_, user) => turnOffOwnFeed(user.id, await requestLocale()),
  { revalidate: refreshCalendar },
);
