// Intl.DateTimeFormat is costly to build (tens of microseconds, far more under load) and the grids
// format a date per cell: thousands per page. Formatters are immutable, so one per option set.
const cache = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}
