import "server-only";
import crypto from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { isWeakAccessCode } from "@/lib/domain/access-codes";
import { env } from "@/lib/env";
import { sessionSecret } from "./secret";

// Access codes at rest (issue 28, decision 019). A database read or a backup must not sign anyone
// in, so users.code_hash holds HMAC-SHA256(lookup key, code) for the sign-in look-up, and
// users.code_sealed the code under AES-256-GCM (seal key) for the few screens that show it again:
// the class's instructor, admins, sign-in cards and parent letters. Both keys come from CODE_KEY,
// or from the session secret when it is unset, through HKDF with different labels. Neither key is
// ever in the database, so `npm run db:backup` and exports carry no readable code.

const SEALED_PREFIX = "v1.";

interface Keys {
  lookup: Buffer;
  seal: Buffer;
}
let cached: { source: string; keys: Keys } | undefined;

function keys(): Keys {
  const source = env().CODE_KEY ?? sessionSecret();
  if (cached?.source === source) return cached.keys;
  const derive = (info: string) =>
    Buffer.from(crypto.hkdfSync("sha256", Buffer.from(source, "utf8"), "classroom-portal access codes", info, 32));
  cached = { source, keys: { lookup: derive("lookup hmac-sha256"), seal: derive("seal aes-256-gcm") } };
  return cached.keys;
}

/** Spec §4/§5: the code is trimmed and lower-cased, then looked up. */
export function normalizeCode(raw: string): string {
  return raw.trim().toLowerCase();
}

/** What users.code_hash holds for this code (the code is normalized first: sign-in is case-insensitive). */
export function codeHash(code: string): string {
  return crypto.createHmac("sha256", keys().lookup).update(normalizeCode(code), "utf8").digest("hex");
}

export function sealCode(code: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keys().seal, iv);
  const body = Buffer.concat([cipher.update(normalizeCode(code), "utf8"), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

export class CodeKeyError extends Error {}

/** The code back from users.code_sealed. A value sealed under another key is a configuration error, not "no code". */
export function openCode(sealed: string | null | undefined): string | null {
  if (!sealed) return null;
  try {
    if (!sealed.startsWith(SEALED_PREFIX)) throw new Error("unknown format");
    const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), "base64url");
    const decipher = crypto.createDecipheriv("aes-256-gcm", keys().seal, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    throw new CodeKeyError(
      "An access code in the database was sealed with a different key: restore the CODE_KEY (or SESSION_SECRET) it was made with (decision 019).",
    );
  }
}

/** The users columns for a new code: spread into an insert or update. The plaintext inbox is cleared. */
export function codeColumns(code: string): {
  unsealedCode: null;
  codeHash: string;
  codeSealed: string;
  codeWeak: boolean;
} {
  return { unsealedCode: null, codeHash: codeHash(code), codeSealed: sealCode(code), codeWeak: isWeakAccessCode(code) };
}

/** `code_hash, code_sealed, code_weak` as three SQL values (all null for no code), for bulk VALUES lists. */
export function sealedCodeSql(code: string | null): SQL {
  if (code === null) return sql`null::text, null::text, null::boolean`;
  const c = codeColumns(code);
  return sql`${c.codeHash}::text, ${c.codeSealed}::text, ${c.codeWeak}::boolean`;
}

/**
 * Seals every plaintext code left in users.code (the inbox column): codes written by bulk SQL (the
 * generated school, roster imports, parent letters) in the same transaction, and every existing
 * school's codes at the first start after the upgrade (lib/db/startup.ts). Returns how many.
 */
export async function sealPlaintextCodes(db: Pick<Db, "execute">): Promise<number> {
  let total = 0;
  for (;;) {
    const res = (await db.execute(sql`select id, code from users where code is not null order by id limit 500`)) as {
      rows: { id: number | string; code: string }[];
    };
    if (res.rows.length === 0) return total;
    const values = res.rows.map((r) => {
      const c = codeColumns(r.code);
      return sql`(${Number(r.id)}::int, ${c.codeHash}, ${c.codeSealed}, ${c.codeWeak}::boolean)`;
    });
    await db.execute(sql`
      update users set code = null, code_hash = v.h, code_sealed = v.s, code_weak = v.w
      from (values ${sql.join(values, sql`, `)}) as v(id, h, s, w) where users.id = v.id`);
    total += res.rows.length;
  }
}

/** At start: one sealed code must open, else the key changed and every sign-in would fail quietly. */
export async function checkCodeKey(db: Pick<Db, "execute">): Promise<void> {
  const res = (await db.execute(
    sql`select code_sealed from users where code_sealed is not null order by id limit 1`,
  )) as { rows: { code_sealed: string }[] };
  if (res.rows[0]) openCode(res.rows[0].code_sealed);
}
