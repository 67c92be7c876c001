import { useLocale } from "use-intl";
import { useTranslations } from "@/components/use-translations";
import { localizeDecimal } from "@/lib/domain/format";
import type { FileView } from "@/lib/files/records";

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

/** A list of attachments as downloads (images with their thumbnail). */
export function FileLinks({ files }: { files: FileView[] }) {
  const t = useTranslations("classPage.files");
  const locale = useLocale();
  if (files.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={t("attached")}>
      {files.map((f) => (
        <li key={f.id}>
          <a
            href={fileHref(f.id, { inline: true })}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-2 rounded-lg border border-line px-2 py-1 text-sm hover:bg-surface-muted"
          >
            {f.hasThumb && (
              // eslint-disable-next-line @next/next/no-img-element
              <img src={fileHref(f.id, { thumb: true })} alt="" className="h-8 w-8 rounded object-cover" />
            )}
            <span data-user-text>{f.name}</span>
            <span className="text-ink-muted">{formatSize(f.size, locale)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
