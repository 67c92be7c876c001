import type { TermGradeView } from "@/lib/gradebook/term-grades";

/** The school's terms and "Whole year" as links, the one shown marked current (no script). Nothing when there are no terms. */
export function TermSwitcher({
  view,
  href,
  className,
  labels = { term: "Term", wholeYear: "Whole year" },
}: {
  view: Pick<TermGradeView, "terms" | "term">;
  href: (term: number | "year") => string;
  className?: string;
  /** The reader's words for the student's class page (issue 31); the staff screens keep English. */
  labels?: { term: string; wholeYear: string };
}) {
  if (view.terms.length === 0) return null;
  const options: { key: number | "year"; label: string; current: boolean }[] = [
    ...view.terms.map((t) => ({ key: t.id, label: t.title, current: view.term?.id === t.id })),
    { key: "year", label: labels.wholeYear, current: view.term === null },
  ];
  return (
    <nav aria-label={labels.term} className={className}>
      <ul className="flex flex-wrap gap-1 text-sm">
        {options.map((o) => (
          <li key={o.key}>
            <a
              href={href(o.key)}
              aria-current={o.current ? "page" : undefined}
              // A term's name is the school's (data); "Whole year" is the portal's.
              data-user-text={o.key === "year" ? undefined : true}
              className={`inline-flex min-h-9 items-center rounded-full px-3 ${o.current ? "bg-brand-600 font-semibold text-white" : "border border-line hover:bg-surface-muted"}`}
            >
              {o.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
