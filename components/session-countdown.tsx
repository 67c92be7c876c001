"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useTranslations } from "@/components/use-translations";
import { COUNTDOWN_REFRESH_MS } from "@/lib/domain/constants";
import { formatCountdown } from "@/lib/domain/greeting";

/**
 * mm:ss until the session ends, from the server's expiry time. The server's clock is the
 * reference (serverNow), so a wrong browser clock cannot stretch or cut the countdown.
 * At zero the page re-renders on the server, which then shows the sign-in modal.
 */
export function SessionCountdown({ expiresAt, serverNow }: { expiresAt: number; serverNow: number }) {
  const t = useTranslations("header");
  const router = useRouter();
  const [remaining, setRemaining] = useState(expiresAt - serverNow);

  useEffect(() => {
    const offset = serverNow - Date.now();
    let refreshed = false;
    const tick = () => {
      const left = expiresAt - (Date.now() + offset);
      setRemaining(left);
      if (left <= 0 && !refreshed) {
        refreshed = true;
        router.refresh();
      }
    };
    tick();
    const id = setInterval(tick, COUNTDOWN_REFRESH_MS);
    return () => clearInterval(id);
  }, [expiresAt, serverNow, router]);

  return (
    <span
      className="font-mono tabular-nums"
      aria-label={t("sessionRemaining", { time: formatCountdown(remaining) })}
      role="timer"
    >
      {formatCountdown(remaining)}
    </span>
  );
}
