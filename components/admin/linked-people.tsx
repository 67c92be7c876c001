import Link from "next/link";
import { getT } from "@/lib/i18n/request-locale";
import { LinkGuardianForm, UnlinkButton } from "./guardian-forms";

// The two sides of a guardian link as an admin sees them (issue 17): a parent's page lists their
// children, a student's page their guardians; each row unlinks, and the form below links another.

/** The way back to the admin tab the page was opened from, the person's name and a line about them. */
export async function PersonHeading({
  backTab,
  name,
  children,
}: {
  backTab: "students" | "parents";
  name: string;
  children: React.ReactNode;
}) {
  const t = await getT("admin");
  return (
    <>
      <Link href={`/admin?tab=${backTab}`} className="text-sm font-medium text-ink-muted hover:text-ink">
        {t("person.back")}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold" data-user-text>
        {name}
      </h1>
      <p className="text-ink-muted">{children}</p>
    </>
  );
}

export interface LinkedPerson {
  linkId: number;
  /** The other person's admin page. */
  href: string;
  name: string;
  /** Relationship, username, how it was linked... */
  detail: React.ReactNode;
}

export function LinkedPeopleSection({
  id,
  heading,
  empty,
  rowTestId,
  people,
  fixed,
}: {
  id: string;
  heading: string;
  empty: string;
  rowTestId: string;
  people: LinkedPerson[];
  fixed: { studentId: number } | { parentId: number };
}) {
  return (
    <section aria-labelledby={id} className="mt-6 space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {heading}
      </h2>
      {people.length === 0 ? (
        <p className="text-ink-muted">{empty}</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {people.map((p) => (
            <li key={p.linkId} className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid={rowTestId}>
              <div className="min-w-0 flex-1">
                <Link href={p.href} className="font-medium hover:underline" data-user-text>
                  {p.name}
                </Link>
                <div className="text-sm text-ink-muted">{p.detail}</div>
              </div>
              <UnlinkButton linkId={p.linkId} label={p.name} />
            </li>
          ))}
        </ul>
      )}
      <LinkGuardianForm fixed={fixed} />
    </section>
  );
}
