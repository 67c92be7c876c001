"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { idSchema } from "@/lib/actions";
import { userFormAction } from "@/lib/user-actions";
import { msg, zmsg } from "@/lib/i18n/message";
import {
  DELIVERIES,
  NOTIFY_EVENTS,
  type Delivery,
  type NotifyEvent,
  type Preference,
} from "@/lib/domain/notify-events";
import { markNotificationsRead } from "@/lib/notify/notifications";
import { choosesNotifications, savePreferences } from "@/lib/notify/preferences";

// Marking one's own notifications read (issue 20): only the signed-in user's own rows change.
export const markNotificationsReadAction = userFormAction(
  z.object({ id: z.union([z.literal("all"), idSchema]) }),
  async ({ id }, user) => {
    const n = await markNotificationsRead(user.id, id);
    return {
      ok: true,
      message: n === 1 ? msg("notifications.markedOne") : msg("notifications.markedMany", { count: n }),
    };
  },
  { revalidate: () => revalidatePath("/notifications") },
);

const thresholdInvalid = zmsg("settings.thresholdInvalid");

// Saving one's own choices (issue 20): every event's delivery and the grade threshold, validated;
// each refusal names its event (settings.chooseHow, a select of the events in each language).
const preferencesInput = z.object({
  ...Object.fromEntries(
    NOTIFY_EVENTS.map((e) => [e, z.enum(DELIVERIES, { message: zmsg("settings.chooseHow", { event: e }) })]),
  ),
  threshold: z.coerce
    .number({ message: thresholdInvalid })
    .int(thresholdInvalid)
    .min(1, thresholdInvalid)
    .max(100, thresholdInvalid),
}) as unknown as z.ZodType<Record<NotifyEvent, Delivery> & { threshold: number }>;

export const savePreferencesAction = userFormAction(
  preferencesInput,
  async (v, user) => {
    await savePreferences(
      user.id,
      Object.fromEntries(NOTIFY_EVENTS.map((e) => [e, { delivery: v[e], threshold: v.threshold }])) as Record<
        NotifyEvent,
        Preference
      >,
    );
    return { ok: true, message: msg("settings.saved") };
  },
  {
    // Teachers and admins are told about no student: nothing to choose, whatever the form holds.
    refuse: (user) => Promise.resolve(choosesNotifications(user.role) ? null : msg("settings.nothingToChoose")),
    revalidate: () => revalidatePath("/notifications/settings"),
  },
);
