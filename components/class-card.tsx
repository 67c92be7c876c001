import Link from "next/link";

export interface ClassCardData {
  code: string;
  name: string;
  level: string | null;
  period: string | null;
}

export function ClassCard({ data, href }: { data: ClassCardData; href: string | null }) {
  const body = (
    <>
      <h2 className="text-lg font-semibold text-ink group-hover:text-brand-700">{data.name}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-ink-muted">Level</dt>
          <dd className="font-medium">{data.level ?? "—"}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Period</dt>
          <dd className="font-medium">{data.period ?? "—"}</dd>
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
