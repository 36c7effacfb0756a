import { canonicalAbn } from '@contract/restaurants.contract';

const WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * A valid ABN (canonical form) ending in the nine digits of `n` (0 ≤ n < 10⁹): its check digits are
 * chosen so the weighted sum is divisible by 89. Distinct `n` give distinct ABNs.
 */
export function validAbn(n: number): string {
  const tail = String(n).padStart(9, '0');
  const sum = [...tail].reduce((total, digit, i) => total + WEIGHTS[i + 2]! * Number(digit), 0);
  // (first − 1) · 10 + second ≡ −sum (mod 89), and the check digits "first second" are that plus 10.
  const check = (((-sum % 89) + 89) % 89) + 10;
  return canonicalAbn(`${check}${tail}`);
}
