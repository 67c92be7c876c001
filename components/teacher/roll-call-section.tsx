import { formatDay } from "@/lib/domain/format";
import { dateInTimeZone } from "@/lib/domain/dates";
import { attendanceView, schoolDayNear } from "@/lib/domain/roll-call";
import { schoolTimeZone } from "@/lib/env";
import { tabParam } from "@/lib/domain/url";
import { getRollCall } from "@/lib/queries/roll-call";
import { AttendanceTabLoader } from "./dashboard-loaders";
import { RollCall } from "./roll-call-lazy";
import { getT, requestLocale } from "@/lib/i18n/request-locale";
import { ROLL_CALL_CHOICES, type RollCallWords } from "@/lib/domain/roll-call";

/**
 * The Attendance tab (issue 21): on a school day it opens today's roll call; the multi-day grid
 * is one link away (?view=grid), and ?day=yyyy-mm-dd takes the roll of another day. `href` is
 * the tab's own link (?tab=attendance, or /teacher?class=…&tab=attendance).
 */
export async function AttendanceSection({
  code,
  query,
  href,
  readOnly = false,
}: {
  code: string;
  query: { view?: string | string[]; day?: string | string[]; rollcall?: string | string[] };
  href: string;
  /** A concluded class (issue 41): its days are read on the grid; there is no roll to call. */
  readOnly?: boolean;
}) {
  const today = dateInTimeZone(new Date(), schoolTimeZone());
  const view = attendanceView(query, today);
  const t = await getT("teacherRollCall");
  const link = (params: Record<string, string>) => `${href}&${new URLSearchParams(params)}`;
  if (readOnly) return <AttendanceTabLoader code={code} readOnly />;
  const views = [
    { key: "roll", label: t("rollCall"), href: link({ view: "roll" }), current: view.view === "roll" },
    { key: "grid", label: t("allDays"), href: link({ view: "grid" }), current: view.view === "grid" },
  ];
  return (
    <div>
      <nav
        aria-label={t("views")}
        className="mb-4 inline-flex rounded-lg border border-line bg-surface p-1 text-sm font-medium"
      >
        {views.map((v) => (
          <a
            key={v.key}
            href={v.href}
            aria-current={v.current ? "page" : undefined}
            className="rounded-md px-4 py-2 text-ink-muted hover:text-ink aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
          >
            {v.label}
          </a>
        ))}
      </nav>
      {view.view === "grid" ? (
        <AttendanceTabLoader code={code} />
      ) : (
        <RollCallLoader
          code={code}
          day={view.day}
          today={today}
          link={link}
          href={href}
          refused={tabParam(query.rollcall) === "refused"}
        />
      )}
    </div>
  );
}

async function RollCallLoader({
  code,
  day,
  today,
  link,
  href,
  refused,
}: {
  code: string;
  day: string;
  /** A mark posted without JavaScript was refused (/api/roll-call's ?rollcall=refused). */
  refused: boolean;
  today: string;
  link: (p: Record<string, string>) => string;
  href: string;
}) {
  const [data, t, common, locale] = await Promise.all([
    getRollCall({ levelCode: code, day, today }),
    getT("teacherRollCall"),
    getT("common"),
    requestLocale(),
  ]);
  const label = formatDay(day, locale);
  const words: RollCallWords = {
    choices: ROLL_CALL_CHOICES.map((c) => ({ label: t(`choices.${c.status}`), letter: t(`letters.${c.status}`) })),
    empty: t("empty"),
    noStudents: t("noStudents"),
    listLabel: t("listLabel", { day: label }),
    saving: t("saving"),
    unmarked: t("unmarked"),
    failed: common("genericError"),
  };
  // The day picker is a plain GET form carrying the tab's own query (and /teacher's class).
  const target = new URL(href, "http://portal.invalid");
  const hidden = [...target.searchParams.entries()];
  const next = schoolDayNear(day, 1);
  return (
    <div className="max-w-3xl">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 className="text-xl font-semibold">
          {t("heading", { day: label })}
          {day === today ? <span className="ml-2 text-base font-normal text-ink-muted">{t("today")}</span> : null}
        </h2>
        <form
          method="get"
          action={href.startsWith("?") ? undefined : target.pathname}
          className="flex flex-wrap items-end gap-2 text-sm"
        >
          {hidden.map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <a
            href={link({ day: schoolDayNear(day, -1) })}
            className="rounded-lg border border-line px-3 py-2 font-medium hover:bg-surface-muted"
          >
            <span aria-hidden="true">← </span>
            {t("previousDay")}
          </a>
          {next <= today && (
            <a
              href={link({ day: next })}
              className="rounded-lg border border-line px-3 py-2 font-medium hover:bg-surface-muted"
            >
              {t("nextDay")}
              <span aria-hidden="true"> →</span>
            </a>
          )}
          {day !== today && (
            <a
              href={link({ view: "roll" })}
              className="rounded-lg border border-line px-3 py-2 font-medium hover:bg-surface-muted"
            >
              {t("todayLink")}
            </a>
          )}
          <label className="flex items-center gap-2">
            <span className="font-medium">{t("day")}</span>
            <input
              type="date"
              name="day"
              defaultValue={day}
              required
              min="2000-01-01"
              max="2100-12-31"
              className="rounded-lg border border-line bg-surface px-2 py-1.5"
            />
          </label>
          <button type="submit" className="rounded-lg border border-line px-3 py-2 font-medium hover:bg-surface-muted">
            {t("go")}
          </button>
        </form>
      </div>
      {refused && (
        <p
          role="alert"
          className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {t("refused")}
        </p>
      )}
      <RollCall
        levelCode={code}
        data={data}
        words={words}
        keysHelp={t.rich("keysHelp", { kbd: (key) => <kbd>{key}</kbd> })}
      />
    </div>
  );
}
