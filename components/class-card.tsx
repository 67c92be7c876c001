"use client";

import Link from "next/link";
import { useTranslations } from "@/components/use-translations";

// A client component given its cards as data: the admin's home lists up to a page of classes, and
// as server-rendered elements each card travelled twice (HTML and ~800 bytes of element tree in the
// RSC payload); as data it is ~120 bytes a card (decision 016).

export interface ClassCardData {
  code: string;
  name: string;
  level: string | null;
  period: string | null;
}

export function ClassCard({ data, href }: { data: ClassCardData; href: string | null }) {
  const t = useTranslations("home");
  const body = (
    <>
      <h2 className="text-lg font-semibold text-ink group-hover:text-brand-700" data-user-text>
        {data.name}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-ink-muted">{t("level")}</dt>
          <dd className="font-medium" data-user-text>
            {data.level ?? "—"}
          </dd>
        </div>
        <div>
          <dt className="text-ink-muted">{t("periodLabel")}</dt>
          <dd className="font-medium" data-user-text>
            {data.period ?? "—"}
          </dd>
        </div>
      </dl>
    </>
  );
  const className = "group block rounded-2xl border border-line bg-surface p-5 shadow-sm transition";
  return href ? (
    <Link href={href} className={`${className} hover:border-brand-600 hover:shadow-md`} data-testid="class-card">
      {body}
    </Link>
  ) : (
    <div className={className} data-testid="class-card">
      {body}
    </div>
  );
}

/** The home page's grid of class cards; `href` null: the card is not a link (parents). */
export function ClassCardList({ cards }: { cards: (ClassCardData & { href: string | null })[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((c) => (
        <li key={c.code}>
          <ClassCard data={c} href={c.href} />
        </li>
      ))}
    </ul>
  );
}
