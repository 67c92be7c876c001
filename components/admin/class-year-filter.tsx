// The admin's class list by school year (issue 41): the current year's by default, any other year
// (a closed year's concluded classes), or all. A plain GET form: it works before any script loads.
import { getT } from "@/lib/i18n/request-locale";
import type { YearRow } from "@/lib/queries/school-years";

export async function ClassYearFilterForm({ years, chosen }: { years: readonly YearRow[]; chosen: number | "all" }) {
  const t = await getT("years");
  return (
    <form action="/admin" method="get" className="mb-4 flex flex-wrap items-end gap-2">
      <input type="hidden" name="tab" value="classes" />
      <label className="grid gap-1 text-sm font-medium">
        {t("history.adminYear")}
        <select
          name="year"
          defaultValue={String(chosen)}
          className="rounded-lg border border-line bg-surface px-3 py-2 font-normal"
        >
          {[...years].reverse().map((y) => (
            <option key={y.id} value={y.id}>
              {y.closed ? t("history.closedYear", { year: y.title }) : y.title}
            </option>
          ))}
          <option value="all">{t("history.adminAllYears")}</option>
        </select>
      </label>
      <button
        type="submit"
        className="rounded-lg border border-line px-4 py-2 text-sm font-medium hover:bg-surface-muted"
      >
        {t("history.adminShow")}
      </button>
    </form>
  );
}
