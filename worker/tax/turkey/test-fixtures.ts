// Builders shared by this folder's tests: a lira portfolio from rows, and the illustrative Yİ-ÜFE
// values and TCMB buying rates docs/tax-turkey.md's examples use ("The index and rates the
// examples use"), as given there.
import type { PortfolioInput } from '../../portfolio/portfolio-input'
import { TRY_FIFO, rows, series, unwrap } from '../../portfolio/test-fixtures'
import type { Row } from '../../portfolio/test-fixtures'
import { turkishTaxYears } from './tax-years'
import type { TurkishTaxYear } from './tax-years'
import type { TurkishTaxInstrument, TurkishTaxItem } from './tax-items'

export const YI_UFE: Readonly<Record<string, string>> = {
  '2024-02': '3000.00',
  '2024-12': '3750.00',
  '2025-01': '3850.00',
  '2025-03': '4000.00',
  '2025-04': '4100.00',
  '2025-05': '4125.00',
}

export const TCMB_USD = series(
  ['2024-03-14', '32.0000'],
  ['2024-06-13', '32.8000'],
  ['2024-09-12', '34.0000'],
  ['2025-01-03', '35.4000'],
  ['2025-01-31', '36.0000'],
  ['2025-03-13', '36.5000'],
  ['2025-04-14', '38.0000'],
  ['2025-05-16', '38.5000'],
  ['2025-05-30', '39.1000'],
  ['2025-06-05', '39.2000'],
  ['2025-06-12', '39.2500'],
  ['2025-09-11', '41.3000'],
  ['2025-09-12', '41.4000'],
)

export const BIST_SHARE: TurkishTaxInstrument = { kind: 'bistShare', fundClass: null }
export const US_SHARE: TurkishTaxInstrument = { kind: 'foreignShare', fundClass: null }

/** A TEFAS fund of `fundClass`. */
export function fund(fundClass: TurkishTaxInstrument['fundClass']): TurkishTaxInstrument {
  return { kind: 'tefasFund', fundClass }
}

/** A lira portfolio (FIFO unless asked) with the examples' TCMB rates; rows in TRY unless given. */
export function liraPortfolio(list: Row[], method: 'FIFO' | 'AVERAGE' = 'FIFO'): PortfolioInput {
  return {
    portfolio: { ...TRY_FIFO, costBasisMethod: method },
    transactions: rows(...list),
    fxRates: { 'USD/TRY': TCMB_USD },
  }
}

/** The years of a portfolio to the end of `lastYear`, with the examples' Yİ-ÜFE. */
export function taxYears(
  input: PortfolioInput,
  instruments: Readonly<Record<string, TurkishTaxInstrument>>,
  lastYear: number,
): TurkishTaxYear[] {
  return unwrap(turkishTaxYears(input, instruments, { asOf: `${lastYear}-12-31`, yiUfe: YI_UFE }))
}

export function yearOf(years: readonly TurkishTaxYear[], year: number): TurkishTaxYear {
  const found = years.find((each) => each.year === year)
  if (found === undefined) throw new Error(`No year ${year}`)
  return found
}

/** The one item of `kind` a year has. */
export function onlyItem<Kind extends TurkishTaxItem['kind']>(
  year: TurkishTaxYear,
  kind: Kind,
): Extract<TurkishTaxItem, { kind: Kind }> {
  const found = year.items.filter(
    (item): item is Extract<TurkishTaxItem, { kind: Kind }> => item.kind === kind,
  )
  if (found.length !== 1) throw new Error(`${found.length} items of kind ${kind} in ${year.year}`)
  return found[0] as Extract<TurkishTaxItem, { kind: Kind }>
}
