import postgres from 'postgres'
import { isCurrency } from '../shared/api/schemas/currencies'
import { ECB_CURRENCIES, fxSeriesOf, TCMB_CURRENCIES } from './market/fx-series'

/** Fewer ECB GBP rates than this: the year of every currency was never written. */
const YEAR_OF_RATES = 200

/**
 * Writes the year of every reference rate the dev market server publishes (the ECB's and the
 * TCMB's, as their jobs would store them), once, on a data folder that lacks them: the demo
 * writes only the four pairs it trades in, and the FX job, finding those up to date, asks the
 * banks for today's rates only, so a GBP or CHF line bought months ago would have no rate.
 * Stored rates are kept.
 * @returns what to tell the developer
 */
export async function fillRatesOnce(databaseUrl: string, today: string): Promise<string> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => undefined })
  try {
    const [row] = await sql<{ days: number }[]>`
      select count(*)::int as days from public.fx_rates where source = 'ECB' and quote = 'GBP'
    `
    if ((row?.days ?? 0) >= YEAR_OF_RATES) return 'a year of every currency already stored'
    const series = fxSeriesOf(today)
    const rate = (value: number) => String(Number(value.toPrecision(10)))
    const rows = series.dates.flatMap((date) => [
      ...ECB_CURRENCIES.map(({ code }) => ({
        source: 'ECB',
        base: 'EUR',
        quote: code,
        rate_date: date,
        rate: rate(series.ecbRate(code, date)),
      })),
      ...TCMB_CURRENCIES.filter(({ code }) => code !== 'TRY' && isCurrency(code)).map(
        ({ code }) => ({
          source: 'TCMB',
          base: code,
          quote: 'TRY',
          rate_date: date,
          rate: rate(series.tcmbRate(code, date)),
        }),
      ),
    ])
    // One JSON parameter: the year's rows are more than a statement's parameters allow.
    await sql`
      insert into public.fx_rates (source, base, quote, rate_date, rate)
      select r.source, r.base, r.quote, r.rate_date, r.rate
      from jsonb_to_recordset(${sql.json(rows)})
        as r(source text, base text, quote text, rate_date date, rate numeric)
      on conflict (source, base, quote, rate_date) do nothing
    `
    return `${rows.length} rates of the year written`
  } finally {
    await sql.end()
  }
}
