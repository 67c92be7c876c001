/**
 * The sections of a page that the server renders one at a time (?tab=…), shown as tabs. Each is
 * a link: switching loads that section, so per the ARIA practices this is navigation marked
 * with aria-current, not a tab widget (whose panels switch in place, as in the report card). It
 * works before any script has loaded, costs none, and reload, back and forward keep the section.
 */
export interface Section {
  value: string;
  label: string;
}

export function SectionNav({
  sections,
  active,
  label,
  href,
  children,
}: {
  sections: Section[];
  active: string;
  label: string;
  href: (value: string) => string;
  children: React.ReactNode;
}) {
  const current = sections.find((s) => s.value === active);
  return (
    <div className="mt-6">
      {/* scroll-edges (globals.css): at 375 px the tabs scroll, and a shadow says so on the side with more. */}
      <nav aria-label={label} className="scroll-edges flex gap-1 overflow-x-auto border-b border-line">
        {sections.map((s) => (
          <a
            key={s.value}
            href={href(s.value)}
            aria-current={s.value === active ? "page" : undefined}
            className="-mb-px whitespace-nowrap border-b-2 border-transparent px-4 py-2 text-sm font-medium text-ink-muted hover:text-ink aria-[current=page]:border-brand-600 aria-[current=page]:text-brand-700 dark:aria-[current=page]:text-brand-100"
          >
            {s.label}
          </a>
        ))}
      </nav>
      <section aria-label={current?.label} className="pt-5">
        {children}
      </section>
    </div>
  );
}
