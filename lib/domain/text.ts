// Bounding free text for places with a fixed size (a notification's title, an e-mail subject, an excerpt).

/** `s` cut to at most `max` characters, the last one an ellipsis when anything was cut. */
export function ellipsize(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
