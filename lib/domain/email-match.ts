// How a provider's e-mail is compared with a portal user's (decision 022): strictly. Only the ASCII
// letters A–Z fold to a–z, in the local part and the domain alike; every other character must be
// the same code point on both sides. No Unicode case folding (String#toLowerCase and SQL lower()
// turn U+212A KELVIN SIGN into "k", so "liam.o\u212Aafor@" would be Liam Okafor) and no NFC or NFKC
// normalisation (both map the Kelvin sign to "K" as well, and NFKC folds many more look-alikes).
// An address the two sides spell differently is refused, never matched to someone.

const ASCII_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ASCII_LOWER = "abcdefghijklmnopqrstuvwxyz";

/** The address with A–Z lower-cased and nothing else changed. */
export function asciiLowerCase(address: string): string {
  return address.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

/**
 * The same fold written for SQL: translate() maps exactly these 26 letters on every engine and
 * collation, where lower() follows the database's locale (both PGlite and PostgreSQL fold U+212A).
 */
export const SQL_ASCII_FOLD = { from: ASCII_UPPER, to: ASCII_LOWER } as const;
