// The mail tests' common frame (issues 20, 27, 31): a real SMTP server on loopback for the whole
// file, the portal's mail settings pointed at it, and the job queue run until it is empty.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { queryRows } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { runDueJobs } from "@/lib/jobs/queue";
import { HANDLERS } from "@/lib/jobs/worker";
import { closeMail } from "@/lib/mail/transport";
import { startTestSmtp, type Captured, type TestSmtp } from "./smtp";

export const ORIGIN = "https://portal.test";

export interface FileSmtp {
  /** SMTP_URL while the file runs. */
  readonly url: string;
  /** Every message the server accepted since the file started (empty it in beforeEach). */
  messages: Captured[];
  refuse(on: boolean): void;
  /** The messages whose envelope names this address. */
  to(address: string): Captured[];
}

/**
 * Starts the server before the file's own beforeAll (call it first) and sets SMTP_URL, MAIL_FROM,
 * PORTAL_URL (ORIGIN) and `env`; stops it and clears them (and `alsoClear`) after the file.
 */
export function useTestSmtp(env: Record<string, string> = {}, alsoClear: readonly string[] = []): FileSmtp {
  let server: TestSmtp | undefined;
  const messages: Captured[] = [];
  const settings: Record<string, string> = {
    MAIL_FROM: "Demo School <portal@demo.school>",
    PORTAL_URL: ORIGIN,
    ...env,
  };
  beforeAll(async () => {
    server = await startTestSmtp(messages);
    Object.assign(process.env, { SMTP_URL: server.url, ...settings });
    resetEnvCache();
  });
  afterAll(async () => {
    closeMail();
    await server?.close();
    for (const k of ["SMTP_URL", ...Object.keys(settings), ...alsoClear]) delete process.env[k];
    resetEnvCache();
  });
  return {
    get url() {
      return server!.url;
    },
    messages,
    refuse: (on) => server!.refuse(on),
    to: (address) => messages.filter((m) => m.envelopeTo.includes(address)),
  };
}

/** Every waiting job is due now (the settling delays are over), and the worker runs until none is left. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    await queryRows(sql`update jobs set run_at = now() where state = 'queued'`);
    if ((await runDueJobs(HANDLERS, 1000)) === 0) break;
  }
}
