import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { backupFiles, restoreFiles } from "./backup";

describe("attachments in backups", () => {
  it("npm run db:backup's files archive restores the same files into an empty DATA_DIR, and refuses a full one", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "files-backup-"));
    const from = path.join(root, "from");
    fs.mkdirSync(path.join(from, "files", "f", "2026"), { recursive: true });
    fs.writeFileSync(path.join(from, "files", "f", "2026", "a".repeat(32)), "worksheet photo bytes");
    const backup = path.join(root, "portal.tar.gz");
    expect(backupFiles(from, backup)).toBe(`${backup}.files.tar`);
    const to = path.join(root, "to");
    restoreFiles(to, backup);
    expect(fs.readFileSync(path.join(to, "files", "f", "2026", "a".repeat(32)), "utf8")).toBe("worksheet photo bytes");
    expect(fs.statSync(path.join(to, "files")).mode & 0o777).toBe(0o700);
    expect(() => restoreFiles(to, backup)).toThrow(/already holds files/);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
