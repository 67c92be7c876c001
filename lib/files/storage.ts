import type { Readable } from "node:stream";

/**
 * Where attachment bytes live (decision 023): a folder on disk, or an S3-compatible bucket. Keys
 * are made by the portal (lib/files/keys.ts), never from a user's file name. put() takes a file
 * already staged on local disk, so its size is known and nothing is held whole in memory.
 */
export interface FileStorage {
  readonly kind: "disk" | "s3";
  put(key: string, sourcePath: string, size: number, contentType: string): Promise<void>;
  /** The object's bytes as a stream; null when there is no such object. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /** Every key with its last-modified time (the orphan sweep). */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>;
  /** Removes half-written leftovers of a crash older than `before` (disk only; S3 puts are atomic). */
  cleanup?(before: Date): Promise<number>;
  /** Throws when the storage cannot be reached or written (the readiness check, /api/health/ready). */
  ping(): Promise<void>;
}

/** Keys are `<prefix>/<yyyy>/<random>`; anything else is refused before it reaches a path or a URL. */
export const KEY_PATTERN = /^(f|t)\/\d{4}\/[a-f0-9]{32}$/;

export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error("invalid storage key");
}
