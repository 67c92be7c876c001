// A user's in-app notifications (issue 20): the newest first, a page of them, and marking them read.
import "server-only";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";

export const NOTIFICATIONS_SHOWN = 50;

export interface NotificationView {
  id: number;
  title: string;
  href: string;
  createdAt: Date;
  read: boolean;
  detail: string | null;
}

export async function listNotifications(userId: number): Promise<NotificationView[]> {
  const rows = await queryRows<{
    id: number;
    title: string;
    href: string;
    detail: string | null;
    created_at: string | Date;
    read_at: string | Date | null;
  }>(sql`
    select id, title, href, detail, created_at, read_at from notifications where user_id = ${userId} order by created_at desc, id desc limit ${NOTIFICATIONS_SHOWN}`);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    href: r.href,
    createdAt: new Date(r.created_at),
    read: r.read_at !== null,
    detail: r.detail,
  }));
}

/** Marks one of the user's notifications read (another user's id changes nothing), or all of them. */
export async function markNotificationsRead(userId: number, id: number | "all"): Promise<number> {
  const rows = await queryRows<{ id: number }>(sql`
    update notifications set read_at = now() where user_id = ${userId} and read_at is null and ${id === "all" ? sql`true` : sql`id = ${id}`} returning id`);
  return rows.length;
}
