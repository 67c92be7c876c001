"use client";

import { useEffect, useState } from "react";
import { CLOCK_REFRESH_MS } from "@/lib/domain/constants";
import { useTranslations } from "@/components/use-translations";
import { greeting } from "@/lib/domain/greeting";

// The spec's three greetings (lib/domain/greeting.ts) as catalog keys (issue 31).
const GREETING_KEYS: Record<string, "goodMorning" | "goodAfternoon" | "goodEvening"> = {
  "Good Morning": "goodMorning",
  "Good Afternoon": "goodAfternoon",
  "Good Evening": "goodEvening",
};

/** "Good Morning, Ava" in the school's time zone, re-evaluated every minute (spec §2). */
export function Greeting({ firstName, timeZone, initial }: { firstName: string; timeZone: string; initial: string }) {
  const t = useTranslations("home");
  const [text, setText] = useState(initial);
  useEffect(() => {
    const update = () => setText(greeting(new Date(), timeZone));
    update();
    const id = setInterval(update, CLOCK_REFRESH_MS);
    return () => clearInterval(id);
  }, [timeZone]);
  return (
    <h1 className="text-2xl font-semibold sm:text-3xl">
      {t("greeting", { greeting: t(GREETING_KEYS[text] ?? "goodEvening"), name: firstName })}
    </h1>
  );
}
