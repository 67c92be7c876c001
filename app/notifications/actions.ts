"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionResult } from "@/lib/action-result";
import { formObject, guarded, idSchema, invalid } from "@/lib/actions";
import { requireUser } from "@/lib/auth/guards";
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

const input = z.object({ id: z.union([z.literal("all"), idSchema]) });

export async function markNotificationsReadAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const user = await requireUser();
    const parsed = input.safeParse(formObject(formData));
    if (!parsed.success) return invalid(parsed.error);
    const n = await markNotificationsRead(user.id, parsed.data.id);
    revalidatePath("/notifications");
    const t = await getT("notifications");
    return { ok: true, message: n === 1 ? t("markedOne") : t("markedMany", { count: n }) };
  });
}

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

export async function savePreferencesAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  return guarded(async () => {
    const user = await requireUser();
    if (!choosesNotifications(user.role)) return { ok: false, message: (await getT("settings"))("nothingToChoose") };
    const parsed = preferencesInput.safeParse(formObject(formData));
    if (!parsed.success) return invalid(await translatePreferenceErrors(parsed.error));
    const v = parsed.data;
    await savePreferences(
      user.id,
      Object.fromEntries(NOTIFY_EVENTS.map((e) => [e, { delivery: v[e], threshold: v.threshold }])) as Record<
        NotifyEvent,
        Preference
      >,
    );
    revalidatePath("/notifications/settings");
    return { ok: true, message: (await getT("settings"))("saved") };
  });
}

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
