// The concluded classes under "Past years" (issue 41), grouped by school year, newest first.
import Link from "next/link";
import type { PastClass } from "@/lib/queries/records";
import { getT } from "@/lib/i18n/request-locale";

export async function PastClassList({
  rows,
  headingLevel,
  href,
}: {
  rows: readonly PastClass[];
  headingLevel: 2 | 3;
  /** Each class's page (its read-only class page or dashboard), or null: not a link (a parent's list). */
  href: ((code: string) => string) | null;
}) {
  const t = await getT("years");
  const years: { id: number; title: string; classes: PastClass[] }[] = [];
  for (const r of rows) {
    const last = years.at(-1);
    if (last?.id === r.yearId) last.classes.push(r);
    else years.push({ id: r.yearId, title: r.yearTitle, classes: [r] });
  }
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="mt-4 grid grid-cols-1 gap-6">
      {years.map((y) => (
        <section key={y.id} aria-labelledby={`past-${headingLevel}-${y.id}`} data-testid="past-year">
          <Heading id={`past-${headingLevel}-${y.id}`} className="text-lg font-semibold">
            <span data-user-text>{y.title}</span>{" "}
            <span className="text-sm font-normal text-ink-muted">
              {t("history.classes", { count: y.classes.length })}
            </span>
          </Heading>
          <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {y.classes.map((c) => {
              const inner = (
                <>
                  <span className="font-medium" data-user-text>
                    {c.name}
                  </span>
                  <span className="block text-sm text-ink-muted">
                    {[
                      c.period ? t("history.period", { period: c.period }) : null,
                      c.teacher ? t("history.teacher", { name: c.teacher }) : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </>
              );
              const box = "block rounded-2xl border border-line bg-surface p-4 shadow-sm";
              return (
                <li key={c.code}>
                  {href ? (
                    <Link href={href(c.code)} className={`${box} hover:border-brand-600`}>
                      {inner}
                    </Link>
                  ) : (
                    <div className={box}>{inner}</div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
