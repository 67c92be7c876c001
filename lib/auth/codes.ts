import "server-only";
import crypto from "node:crypto";

// 31 lower-case letters and digits without look-alikes (0/o, 1/l/i): easy to read aloud and type.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/**
 * A new access code: 10 symbols from 31 → log2(31^10) ≈ 49.5 bits of entropy, from the OS CSPRNG,
 * shown as xxxxx-xxxxx. Rejection sampling keeps every symbol equally likely.
 */
export function generateAccessCode(): string {
  const out: string[] = [];
  while (out.length < 10) {
    for (const byte of crypto.randomBytes(16)) {
      if (byte < 248 && out.length < 10) out.push(ALPHABET[byte % 31]!);
    }
  }
  return `${out.slice(0, 5).join("")}-${out.slice(5).join("")}`;
}

export const ACCESS_CODE_ENTROPY_BITS = 10 * Math.log2(ALPHABET.length);
