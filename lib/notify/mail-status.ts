// /admin → E-mail's figures (issue 20): whether e-mail is on and how the queue's e-mails are doing.
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import type { Message } from "@/lib/i18n/message";
import { mailSettings } from "@/lib/mail/transport";
import { MAIL_SEND } from "./deliver";

export interface MailStatus {
  enabled: boolean;
  offReason: Message | null;
  server: string | null;
  from: string | null;
  queued: number;
  sentToday: number;
  failed: number;
  lastError: string | null;
}

export async function mailStatus(): Promise<MailStatus> {
  const settings = mailSettings();
  const [row] = await queryRows<{ queued: number; sent: number; failed: number; last_error: string | null }>(sql`
    select count(*) filter (where state in ('queued', 'running'))::int as queued,
           count(*) filter (where state = 'done' and finished_at > now() - interval '1 day')::int as sent,
           count(*) filter (where state = 'failed')::int as failed,
           (select last_error from jobs where kind = ${MAIL_SEND} and last_error is not null order by coalesce(finished_at, run_at) desc limit 1) as last_error
    from jobs where kind = ${MAIL_SEND}`);
  return {
    ...settings,
    queued: row?.queued ?? 0,
    sentToday: row?.sent ?? 0,
    failed: row?.failed ?? 0,
    lastError: row?.last_error?.slice(0, 200) ?? null,
  };
}
