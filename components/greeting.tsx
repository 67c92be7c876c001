"use client";

import { useEffect, useState } from "react";
import { CLOCK_REFRESH_MS } from "@/lib/domain/constants";
import { greeting } from "@/lib/domain/greeting";

/** "Good Morning, Ava" in the school's time zone, re-evaluated every minute (spec §2). */
export function Greeting({ firstName, timeZone, initial }: { firstName: string; timeZone: string; initial: string }) {
  const [text, setText] = useState(initial);
  useEffect(() => {
    const update = () => setText(greeting(new Date(), timeZone));
    update();
    const id = setInterval(update, CLOCK_REFRESH_MS);
    return () => clearInterval(id);
  }, [timeZone]);
  return (
    <h1 className="text-2xl font-semibold sm:text-3xl">
      {text}, {firstName}
    </h1>
  );
}
