// The in-process worker (decision 015): every JOBS_POLL_MS it runs the due jobs, one tick at a
// time (a slow tick is never overlapped by the next), and stops before the database closes.
import "server-only";
import { attendanceNotice, ATTENDANCE_NOTICE } from "@/lib/notify/attendance";
import { runDueJobs, type JobHandler } from "./queue";

export const HANDLERS: Readonly<Record<string, JobHandler>> = {
  [ATTENDANCE_NOTICE]: attendanceNotice,
};

let timer: NodeJS.Timeout | null = null;
let running: Promise<unknown> | null = null;

export function startWorker(pollMs: number): void {
  if (timer) return;
  const tick = () => {
    if (running) return;
    running = runDueJobs(HANDLERS)
      .catch((err) => console.error("job worker:", err instanceof Error ? err.message : err))
      .finally(() => (running = null));
  };
  timer = setInterval(tick, pollMs);
  timer.unref();
}

/** Stops polling and waits for the tick in progress, so the database can close under no job. */
export async function stopWorker(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = null;
  await running;
}
