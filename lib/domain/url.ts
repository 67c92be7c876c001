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
