import { useLocale } from "use-intl";
import { useTranslations } from "@/components/use-translations";
import type { FileView } from "@/lib/files/records";
import { fileHref, formatSize } from "./file-format";

export { fileHref, formatSize };

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
