"use client";

import Link from "next/link";
import { useTranslations } from "@/components/use-translations";

export function EmptyState({
  title,
  message,
  children,
}: {
  title: string;
  message?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      {message && <p className="mt-2 text-ink-muted">{message}</p>}
      {children && <div className="mt-4">{children}</div>}
    </div>
  );
}

/** Access Denied / Class Not Found style screens with a way home. */
export function BlockedScreen({
  title,
  message,
  homeLabel,
  children,
}: {
  title: string;
  message: string;
  homeLabel?: string;
  children?: React.ReactNode;
}) {
  const t = useTranslations("states");
  return (
    <div className="mx-auto mt-10 max-w-lg rounded-2xl border border-line bg-surface px-6 py-10 text-center shadow-sm">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-3 text-ink-muted">{message}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link href="/" className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
          {homeLabel ?? t("returnHome")}
        </Link>
        {children}
      </div>
    </div>
  );
}
