/** Route segments arrive percent-encoded; a malformed one is used as it is rather than throwing. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** ?tab= may arrive repeated; the first value wins. */
export function tabParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A 1-based page number from ?page=, 1 for anything that is not a sensible one. */
export function pageParam(value: string | string[] | undefined): number {
  return Math.max(1, Math.min(100_000, Number.parseInt(tabParam(value) ?? "1", 10) || 1));
}
