import type { FilesStatus } from "@/lib/files/status";

/** Attachments on the admin's Security tab (issue 33): where files are kept, and whether a virus scanner checks them. */
export function FilesStatusSection({ status }: { status: FilesStatus }) {
  return (
    <section aria-labelledby="files-status-heading" className="mb-8">
      <h2 id="files-status-heading" className="text-lg font-semibold">
        Attached files
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Kept {status.storage === "s3" ? "in S3-compatible object storage" : "on this server's disk (DATA_DIR/files)"};
        at most {status.maxMb} MB a file and {status.quotaMb} MB per student.
      </p>
      {status.scanned ? (
        <p className="mt-2 text-sm">Every uploaded file is scanned by ClamAV before it is stored.</p>
      ) : (
        <p className="mt-2 rounded-xl border border-line bg-surface px-3 py-2 text-sm" data-testid="files-not-scanned">
          Files are not scanned for viruses: set CLAMAV_HOST to a ClamAV daemon to scan every upload.
        </p>
      )}
    </section>
  );
}
