import "server-only";
import path from "node:path";
import { env } from "@/lib/env";
import { diskStorage } from "./disk";
import { s3Storage } from "./s3";
import type { FileStorage } from "./storage";

let current: FileStorage | undefined;

/** S3 when S3_BUCKET is set, else DATA_DIR/files (decision 023). */
export function fileStorage(): FileStorage {
  if (current) return current;
  const e = env();
  current = e.S3_BUCKET
    ? s3Storage({
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
      })
    : diskStorage(filesDir());
  return current;
}

/** Tests run the same suite on each storage. */
export function setFileStorage(storage: FileStorage | undefined): void {
  current = storage;
}

export function filesDir(): string {
  return path.resolve(env().DATA_DIR, "files");
}

/** Uploads are staged here (same disk as DATA_DIR) while they are read, checked and re-encoded. */
export function stagingDir(): string {
  return path.resolve(env().DATA_DIR, "upload-staging");
}
