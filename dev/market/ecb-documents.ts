import { addDays } from '../../worker/fx/fx-dates'
import { ECB_CURRENCIES, fxSeriesOf } from './fx-series'
import { lastWeekdayOnOrBefore } from './market-series'

/** The days `eurofxref-hist-90d.xml` reaches back. */
const NINETY_DAYS = 90

/** The ECB's documents under `FX_ECB_URL`. */
export const ECB_FILES = ['eurofxref-daily.xml', 'eurofxref-hist-90d.xml', 'eurofxref-hist.xml']

/** A rate as the ECB writes it: five significant digits or so, two decimals for large ones. */
function written(code: string, rate: number): string {
  const decimals = code === 'USD' || code === 'TRY' ? 4 : rate < 1 ? 5 : rate < 100 ? 4 : 2
  return rate.toFixed(decimals)
}

/**
 * One of the ECB's euro reference rate documents (`eurofxref-daily.xml`: the last weekday up to
 * `today`; `eurofxref-hist-90d.xml`: the last 90 days; `eurofxref-hist.xml`: the whole year the
 * stand-in has), newest day first, in the ECB's own layout; null for any other file.
 */
export function ecbDocument(file: string, today: string): string | null {
  const rates = fxSeriesOf(today)
  const newest = lastWeekdayOnOrBefore(today)
  const oldest =
    file === 'eurofxref-daily.xml'
      ? newest
      : file === 'eurofxref-hist-90d.xml'
        ? addDays(today, -NINETY_DAYS)
        : file === 'eurofxref-hist.xml'
          ? ''
          : null
  if (oldest === null) return null
  const days = rates.dates.filter((date) => date >= oldest && date <= newest).reverse()
  const cubes = days.map((date) =>
    [
      `\t\t<Cube time='${date}'>`,
      ...ECB_CURRENCIES.map(
        ({ code }) =>
          `\t\t\t<Cube currency='${code}' rate='${written(code, rates.ecbRate(code, date))}'/>`,
      ),
      '\t\t</Cube>',
    ].join('\n'),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">',
    '\t<gesmes:subject>Reference rates</gesmes:subject>',
    '\t<gesmes:Sender>',
    '\t\t<gesmes:name>European Central Bank</gesmes:name>',
    '\t</gesmes:Sender>',
    '\t<Cube>',
    ...cubes,
    '\t</Cube>',
    '</gesmes:Envelope>',
  ].join('\n')
}
