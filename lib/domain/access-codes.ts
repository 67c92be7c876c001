import { ACCESS_CODE_MIN_SYMBOLS } from "./constants";

/** The letters and digits of a code (what counts towards its strength). */
export function codeSymbols(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** A code too short to resist guessing: fewer than 10 letters or digits (decision 010). */
export function isWeakAccessCode(code: string): boolean {
  return codeSymbols(code).length < ACCESS_CODE_MIN_SYMBOLS;
}
