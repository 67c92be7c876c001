export function form(fields: Record<string, string | number | undefined>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) f.set(k, String(v));
  return f;
}
