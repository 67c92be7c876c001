import { switchSchool } from "@/app/auth/actions";
import type { SessionUser } from "@/lib/auth/session";
import { schoolsOf } from "@/lib/db/schools";
import { getT } from "@/lib/i18n/request-locale";

/**
 * The header's school switcher (issue 42), for a person who belongs to several schools: a plain
 * form, so it works before any script has loaded. A district admin also gets the district's page.
 */
export async function SchoolSwitcher({ user }: { user: SessionUser }) {
  if (user.schoolIds.length < 2 && !user.districtAdmin) return null;
  const [t, schools] = await Promise.all([getT("header"), schoolsOf(user.id)]);
  return (
    <div className="flex items-center gap-2 text-sm">
      {user.districtAdmin && (
        <a
          href="/district"
          className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-100"
        >
          {t("district")}
        </a>
      )}
      {schools.length > 1 && (
        <form action={switchSchool} className="flex items-center gap-1" data-testid="school-switcher">
          <label htmlFor="school-switcher" className="sr-only">
            {t("school")}
          </label>
          <select
            id="school-switcher"
            name="school"
            defaultValue={user.schoolId}
            className="max-w-48 rounded-lg border border-line bg-surface px-2 py-1.5"
          >
            {schools.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <button
            type="submit"
            className="rounded-lg border border-line px-3 py-1.5 font-medium hover:bg-surface-muted"
          >
            {t("switchSchool")}
          </button>
        </form>
      )}
    </div>
  );
}
