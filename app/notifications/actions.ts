"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { idSchema, invalid, userFormAction } from "@/lib/actions";
import { getT } from "@/lib/i18n/request-locale";
import {
  DELIVERIES,
  EVENT_LABELS,
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
    const t = await getT("notifications");
    return { ok: true, message: n === 1 ? t("markedOne") : t("markedMany", { count: n }) };
  },
  { revalidate: () => revalidatePath("/notifications") },
);

// Saving one's own choices (issue 20): every event's delivery and the grade threshold, validated.
const preferencesInput = z.object({
  ...Object.fromEntries(
    NOTIFY_EVENTS.map((e) => [
      e,
      z.enum(DELIVERIES, { message: `Choose how you hear about ${EVENT_LABELS[e].toLowerCase()}` }),
    ]),
  ),
  threshold: z.coerce
    .number({ message: "The grade threshold must be a whole percent from 1 to 100" })
    .int("The grade threshold must be a whole percent from 1 to 100")
    .min(1, "The grade threshold must be a whole percent from 1 to 100")
    .max(100, "The grade threshold must be a whole percent from 1 to 100"),
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
    return { ok: true, message: (await getT("settings"))("saved") };
  },
  {
    // Teachers and admins are told about no student: nothing to choose, whatever the form holds.
    refuse: async (user) => (choosesNotifications(user.role) ? null : (await getT("settings"))("nothingToChoose")),
    invalid: async (error) => invalid(await translatePreferenceErrors(error)),
    revalidate: () => revalidatePath("/notifications/settings"),
  },
);

/** The schema's English messages, in the reader's language (issue 31): per event, or the threshold's. */
async function translatePreferenceErrors(error: z.ZodError): Promise<z.ZodError> {
  const t = await getT("settings");
  return new z.ZodError(
    error.issues.map((issue) => {
      const field = String(issue.path[0] ?? "");
      const message = (NOTIFY_EVENTS as readonly string[]).includes(field)
        ? t("chooseHow", { event: t(`events.${field as NotifyEvent}`).toLowerCase() })
        : t("thresholdInvalid");
      return { ...issue, message };
    }),
  );
}
