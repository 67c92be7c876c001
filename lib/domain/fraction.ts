// Exact rationals for the term-grade calculator. A weighted grade is Σ wᵢ·Eᵢ/Pᵢ / Σ wᵢ: with
// scores in hundredths and weights in hundredths of a percent every term is a ratio of whole
// numbers, so the grade is kept as one fraction and rounded once, at the end (lib/domain/percent
// explains why a float rounded at a .5 boundary shows the wrong letter).

export interface Fraction {
  readonly n: bigint;
  readonly d: bigint; // always > 0
}

const ZERO = BigInt(0);
const ONE = BigInt(1);
const TWO = BigInt(2);

function gcd(a: bigint, b: bigint): bigint {
  let x = a < ZERO ? -a : a;
  let y = b < ZERO ? -b : b;
  while (y !== ZERO) [x, y] = [y, x % y];
  return x;
}

export function fraction(n: number | bigint, d: number | bigint = 1): Fraction {
  let nn = BigInt(n);
  let dd = BigInt(d);
  if (dd === ZERO) throw new RangeError("fraction with a zero denominator");
  if (dd < ZERO) [nn, dd] = [-nn, -dd];
  const g = gcd(nn, dd) || ONE;
  return { n: nn / g, d: dd / g };
}

export const add = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.n, a.d * b.d);
export const div = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.d, a.d * b.n);
export const compare = (a: Fraction, b: Fraction): number => {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
};

/** round_half_up(f × 10^decimals) / 10^decimals, exactly (towards +∞ at .5, like percent.ts). */
export function roundHalfUp(f: Fraction, decimals = 0): number {
  const scale = BigInt(10 ** decimals);
  const a = TWO * f.n * scale + f.d;
  const b = TWO * f.d;
  let q = a / b;
  if (a % b !== ZERO && a < ZERO) q -= ONE; // floor, not truncation, below zero
  return Number(q) / 10 ** decimals;
}
