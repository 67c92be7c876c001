import "server-only";
import { env } from "@/lib/env";

export interface FilesStatus {
  storage: "disk" | "s3";
  scanned: boolean;
  maxMb: number;
  quotaMb: number;
}

/** What the admin page says about attachments: where they are kept and whether they are scanned. */
export function filesStatus(): FilesStatus {
  const e = env();
  return {
    storage: e.S3_BUCKET ? "s3" : "disk",
    scanned: Boolean(e.CLAMAV_HOST),
    maxMb: e.FILES_MAX_MB,
    quotaMb: e.FILES_QUOTA_MB,
  };
}
