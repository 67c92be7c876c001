import { localizeDecimal } from "@/lib/domain/format";

// Plain helpers for attachment links, without React: server components (the guardian's child
// page) use them as well as the client components of file-links.tsx.

export function fileHref(id: number, opts: { inline?: boolean; thumb?: boolean } = {}): string {
  const q = opts.thumb ? "?thumb=1" : opts.inline ? "?inline=1" : "";
  return `/files/${id}${q}`;
}

/** "1.5 MB"; `locale` writes its decimal mark ("1,5 MB" in Spanish). */
export function formatSize(bytes: number, locale = "en"): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${localizeDecimal((bytes / 1024 / 1024).toFixed(1), locale)} MB`;
}
