import type { FilesStatus } from "@/lib/files/status";
import { getT } from "@/lib/i18n/request-locale";

/** Attachments on the admin's Security tab (issue 33): where files are kept, and whether a virus scanner checks them. */
export async function FilesStatusSection({ status }: { status: FilesStatus }) {
  const t = await getT("admin");
  const sizes = { maxMb: status.maxMb, quotaMb: status.quotaMb };
  return (
    <section aria-labelledby="files-status-heading" className="mb-8">
      <h2 id="files-status-heading" className="text-lg font-semibold">
        {t("files.heading")}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        {status.storage === "s3" ? t("files.keptS3", sizes) : t("files.keptDisk", sizes)}
      </p>
      {status.scanned ? (
        <p className="mt-2 text-sm">{t("files.scanned")}</p>
      ) : (
        <p className="mt-2 rounded-xl border border-line bg-surface px-3 py-2 text-sm" data-testid="files-not-scanned">
          {t("files.notScanned")}
        </p>
      )}
    </section>
  );
}
