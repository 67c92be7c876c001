/** Route segments arrive percent-encoded; a malformed one is used as it is rather than throwing. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
