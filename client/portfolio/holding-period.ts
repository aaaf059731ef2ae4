/**
 * Whether units acquired on `acquiredDate` have been held for more than a year on `asOf` (both
 * YYYY-MM-DD): `asOf` is after the same calendar date one year on. Days alone cannot tell, as a
 * year has 365 or 366 of them. Bought on 29 February, the year is over after 28 February.
 * @example heldOverAYear('2025-03-10', '2026-03-11') // true
 */
export function heldOverAYear(acquiredDate: string, asOf: string): boolean {
  const anniversary = `${Number(acquiredDate.slice(0, 4)) + 1}${acquiredDate.slice(4)}`
  return asOf > anniversary
}
