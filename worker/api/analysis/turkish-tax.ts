import type postgres from 'postgres'
import type { Instrument, TurkishTaxView } from '../../../shared/api/schemas'
import type { PortfolioInput, SeriesPoint, TransactionInput } from '../../portfolio'
import { toResult } from '../../portfolio/errors'
import type { PortfolioError } from '../../portfolio/errors'
import { assessTurkishYear } from '../../tax/turkey/assess-year'
import type { TurkishTaxInstrument, TurkishTaxItem } from '../../tax/turkey/tax-items'
import { indexMonthOf } from '../../tax/turkey/tax-rules'
import { turkishTaxPass } from '../../tax/turkey/tax-years'
import { ApiProblem } from '../api-problem'
import { fxRatesBetween } from '../store/fx-store'
import { instrumentsById } from '../store/instrument-store'
import { portfolioSettings } from '../store/portfolio-store'
import { priceIndicesBetween } from '../store/price-index-lookup'
import { loadAnalysis } from './analysis-input'
import { asJson } from './as-json'
import { taxYearAsOf } from './tax-year'
import { turkishTaxInstrumentOf } from './turkish-tax-instrument'

type Sql = postgres.TransactionSql

/** The index that indexes a foreign security's cost (docs/price-indices.md, tax-turkey.md rule 8). */
const YI_UFE = 'TR-YIUFE-2003'

/** The transactions whose amounts the pass converts to lira: acquisitions, sales, dividends. */
const CONVERTED = new Set(['BUY', 'RIGHTS_ISSUE', 'TRANSFER_IN', 'SELL', 'DIVIDEND'])

/** A portfolio read for the Turkish tax to a date: what its pass needs. */
export interface TurkishPortfolio {
  /** Its transactions and the TCMB buying rates of the days its foreign amounts convert on. */
  input: PortfolioInput
  /** By id: every instrument its transactions name. */
  instruments: Map<string, Instrument>
  taxInstruments: Record<string, TurkishTaxInstrument>
  /** Yİ-ÜFE by month, the published months only, from its first foreign trade to the date. */
  yiUfe: Record<string, string>
}

/** The day a transaction's amount converts on: a transfer's acquisition, else its trade date. */
const conversionDay = (row: TransactionInput) =>
  row.type === 'TRANSFER_IN' ? (row.acquiredDate ?? row.tradeDate) : row.tradeDate

/**
 * Reads a portfolio for the Turkish tax to `asOf`: its transactions, the instruments they name
 * as the tax sees them, the TCMB rates (forex buying, `fx_rates`) of each currency in force from
 * the first to the last day its acquisitions, sales and dividends convert on, and the published
 * Yİ-ÜFE months from the month before its first foreign trade to the month before `asOf` (a month
 * not yet published is left out: the pass refuses a sale that needs it). Its base currency plays
 * no part: each amount is in its trade's currency (docs/tax-turkey.md, Example 23).
 */
export async function loadTurkishPortfolio(
  sql: Sql,
  portfolioId: string,
  asOf: string,
): Promise<TurkishPortfolio> {
  const portfolio = await portfolioSettings(sql, portfolioId)
  const { input, transactions } = await loadAnalysis(sql, portfolio, { kind: 'none' })
  const ids = [
    ...new Set(transactions.flatMap((row) => (row.instrumentCode ? [row.instrumentCode] : []))),
  ]
  const instruments = await instrumentsById(sql, ids)
  const taxInstruments = Object.fromEntries(
    [...instruments].map(([id, instrument]) => [id, turkishTaxInstrumentOf(instrument)]),
  )
  // Each currency's first and last day to convert on.
  const spans = new Map<string, { from: string; to: string }>()
  let firstForeign: string | null = null
  for (const row of transactions) {
    if (row.tradeDate > asOf) break
    const kind = row.instrumentCode ? taxInstruments[row.instrumentCode]?.kind : undefined
    if (kind === undefined || kind === 'other' || !CONVERTED.has(row.type)) continue
    const day = conversionDay(row)
    if (row.currency && row.currency !== 'TRY') {
      const span = spans.get(row.currency) ?? { from: day, to: day }
      spans.set(row.currency, {
        from: day < span.from ? day : span.from,
        to: day > span.to ? day : span.to,
      })
    }
    if ((kind === 'foreignShare' || kind === 'foreignFund') && (firstForeign ?? day) >= day) {
      firstForeign = day
    }
  }
  const currencies = [...spans]
  const [rates, months] = await Promise.all([
    // The series over the span: one read, where each day asked apart costs one each (~5× slower).
    Promise.all(
      currencies.map(([code, { from, to }]) => fxRatesBetween(sql, code, 'TRY', from, to)),
    ),
    firstForeign === null
      ? []
      : priceIndicesBetween(sql, YI_UFE, indexMonthOf(firstForeign), indexMonthOf(asOf)),
  ])
  const fxRates: Record<string, SeriesPoint[]> = Object.fromEntries(
    currencies.map(([code], index) => [`${code}/TRY`, rates[index] ?? []]),
  )
  return {
    input: { ...input, fxRates },
    instruments,
    taxInstruments,
    yiUfe: Object.fromEntries(
      months.filter((each) => !each.provisional).map((each) => [each.month, each.value]),
    ),
  }
}

/** The pass's refusal as the API's: an index month not yet published is named. */
export function turkishTaxRefusal(error: PortfolioError): ApiProblem {
  const month = error.field?.startsWith('yiUfe.') ? error.field.slice('yiUfe.'.length) : null
  return error.code === 'missing_price_index' && month !== null
    ? new ApiProblem({ engine: error.code }, { month: { month } })
    : new ApiProblem({ engine: error.code })
}

/**
 * A portfolio's items of `year` to `asOf`, each sale and payment computed or named as not
 * covered, with the portfolio as read; a sale whose Yİ-ÜFE month is not published yet is refused
 * (422 `missing_price_index`, naming the month).
 */
export async function turkishItemsOf(
  sql: Sql,
  portfolioId: string,
  year: number,
  asOf: string,
): Promise<{ portfolio: TurkishPortfolio; items: TurkishTaxItem[] }> {
  const portfolio = await loadTurkishPortfolio(sql, portfolioId, asOf)
  const result = toResult(() => {
    const pass = turkishTaxPass(portfolio.input, portfolio.taxInstruments, {
      asOf,
      yiUfe: portfolio.yiUfe,
    })
    return pass.itemsByYear.get(year) ?? []
  })
  if (!result.ok) throw turkishTaxRefusal(result.error)
  return { portfolio, items: result.value }
}

/**
 * A portfolio's year as the Turkish tax sees it (docs/tax-turkey.md): each sale and payment of
 * the year, computed or named as not covered, and the year assessed as if it were the person's
 * only income (stopaj withheld, the declaration tests, the March beyanname's estimate). The year
 * runs to its end or to today; a sale whose Yİ-ÜFE month is not published yet is refused (422
 * `missing_price_index`, naming the month).
 */
export async function portfolioTurkishTax(
  sql: Sql,
  portfolioId: string,
  year: number,
  today: string,
): Promise<TurkishTaxView> {
  const asOf = taxYearAsOf(year, today)
  const { portfolio, items } = await turkishItemsOf(sql, portfolioId, year, asOf)
  const instrumentOf = (id: string | null) =>
    id === null ? null : (portfolio.instruments.get(id) ?? null)
  return {
    year,
    asOf,
    items: items.map(({ instrumentCode, ...item }) => ({
      ...asJson(item),
      instrument: instrumentOf(instrumentCode),
    })),
    assessment: asJson(assessTurkishYear(year, items)),
  }
}
