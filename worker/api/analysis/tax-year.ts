// What the German and the Turkish tax views share: which day a year's view runs to, and the years
// a portfolio's pass spans.

/** The date a tax view of `year` runs to: the year's end, or today in the current year. */
export function taxYearAsOf(year: number, today: string): string {
  return `${year}-12-31` < today ? `${year}-12-31` : today
}

/** Every year from `first` to `last`; none when `last` is before `first`. */
export function yearsBetween(first: number, last: number): number[] {
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index)
}
