import type postgres from 'postgres'
import type {
  Instrument,
  SalePreviewQuery,
  TurkishSalePreview,
  TurkishTaxView,
} from '../../../shared/api/schemas'
import { addDays } from '../../fx/fx-dates'
import { decimal } from '../../portfolio'
import type { PortfolioInput, SeriesPoint, TransactionInput } from '../../portfolio'
import { toResult } from '../../portfolio/errors'
import type { PortfolioError } from '../../portfolio/errors'
import { assessTurkishYear } from '../../tax/turkey/assess-year'
import type { TurkishYearAssessment } from '../../tax/turkey/assess-year'
import { turkishSalePreview } from '../../tax/turkey/in-year'
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
  /** The months after the newest published up to the date's, each with the newest's value. */
  unpublishedYiUfe: { month: string; value: string; valueMonth: string }[]
}

/** The day a transaction's amount converts on: a transfer's acquisition, else its trade date. */
const conversionDay = (row: TransactionInput) =>
  row.type === 'TRANSFER_IN' ? (row.acquiredDate ?? row.tradeDate) : row.tradeDate

/**
 * Reads a portfolio for the Turkish tax to `asOf`: its transactions, the instruments they name
 * as the tax sees them, the TCMB rates (forex buying, `fx_rates`) of each currency in force from
 * the day before the first to the day before the last day its acquisitions, sales and dividends
 * convert on (each converts at the bulletin before its day: docs/tax-turkey.md, rule 7), and the
 * published Yİ-ÜFE months from the month before its first foreign trade to the month before
 * `asOf` (a month not yet published is left out: the pass refuses a sale that needs it). Its base
 * currency plays no part: each amount is in its trade's currency (docs/tax-turkey.md, Example 23).
 * `saleOf`, an instrument a sale on `asOf` is previewed of: its currency's rate in force the day
 * before is read too.
 */
export async function loadTurkishPortfolio(
  sql: Sql,
  portfolioId: string,
  asOf: string,
  saleOf?: string,
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
  // Each currency's first and last day whose rate in force is read: the day before a conversion.
  const spans = new Map<string, { from: string; to: string }>()
  let firstForeign: string | null = null
  for (const row of transactions) {
    if (row.tradeDate > asOf) break
    const kind = row.instrumentCode ? taxInstruments[row.instrumentCode]?.kind : undefined
    if (kind === undefined || kind === 'other' || !CONVERTED.has(row.type)) continue
    const day = conversionDay(row)
    if (row.currency && row.currency !== 'TRY') {
      const read = addDays(day, -1)
      const span = spans.get(row.currency) ?? { from: read, to: read }
      spans.set(row.currency, {
        from: read < span.from ? read : span.from,
        to: read > span.to ? read : span.to,
      })
    }
    if ((kind === 'foreignShare' || kind === 'foreignFund') && (firstForeign ?? day) >= day) {
      firstForeign = day
    }
  }
  const sold = saleOf === undefined ? undefined : instruments.get(saleOf)
  if (sold !== undefined && taxInstruments[sold.id]?.kind !== 'other' && sold.currency !== 'TRY') {
    const read = addDays(asOf, -1)
    const span = spans.get(sold.currency) ?? { from: read, to: read }
    spans.set(sold.currency, { from: span.from, to: read > span.to ? read : span.to })
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
    unpublishedYiUfe: months
      .filter((each) => each.provisional)
      .map(({ month, value, valueMonth }) => ({ month, value, valueMonth })),
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

/**
 * The Yİ-ÜFE a sale previewed on `date` reads: the published months and, in place of each month
 * not published yet, the newest published value (docs/tax-turkey.md, "The sale preview": someone
 * deciding whether to sell today wants a figure before TÜİK publishes). `estimate` names the month
 * the sale needs and the one used for it, when the sale's is not published; else null.
 */
export function previewYiUfe(
  portfolio: Pick<TurkishPortfolio, 'yiUfe' | 'unpublishedYiUfe'>,
  date: string,
): { yiUfe: Record<string, string>; estimate: { month: string; used: string } | null } {
  const month = indexMonthOf(date)
  const standIn = portfolio.unpublishedYiUfe.find((each) => each.month === month)
  return {
    yiUfe: {
      ...portfolio.yiUfe,
      ...Object.fromEntries(portfolio.unpublishedYiUfe.map((each) => [each.month, each.value])),
    },
    estimate: standIn === undefined ? null : { month, used: standIn.valueMonth },
  }
}

/** Selling more than is held on the date, or what the portfolio never held: refused at the quantity. */
const notHeld = () =>
  new ApiProblem({ engine: 'insufficient_quantity' }, {}, [{ path: 'quantity', code: 'too_big' }])

/** The beyanname's tax of a year, when it has an estimate. */
const estimatedTax = (year: TurkishYearAssessment) => year.declaration.estimate?.tax ?? null

/**
 * What a sale would cause in Turkish tax (docs/tax-turkey.md, Examples 24–26, "The sale
 * preview"): the portfolio's pass to the sale's date with the sale added, so its lots, stopaj or
 * gain are the year's own, and the year's declared foreign gain and estimated tax without and with
 * it. `price` and `fee` are in the instrument's currency, converted at the TCMB rate in force on
 * the day before the date (rule 7: the query's `fxRate` is not read). A Yİ-ÜFE month not yet published is
 * estimated with the newest published one and named (`indexEstimate`); with none published, 422
 * `missing_price_index`. A date after the caller's today is refused (400, `future`); selling more
 * than is held, 422 `insufficient_quantity` at the quantity. The portfolio must be in lira.
 */
export async function portfolioTurkishSalePreview(
  sql: Sql,
  portfolioId: string,
  sale: SalePreviewQuery,
  today: string,
): Promise<TurkishSalePreview> {
  if (sale.date > today) {
    throw new ApiProblem('invalid_query', {}, [{ path: 'date', code: 'future' }])
  }
  const portfolio = await loadTurkishPortfolio(sql, portfolioId, sale.date, sale.instrument)
  // One the portfolio never held (whoever's it is, if anyone's) has nothing to sell.
  const instrument = portfolio.instruments.get(sale.instrument)
  if (instrument === undefined) throw notHeld()
  const indices = previewYiUfe(portfolio, sale.date)
  const result = turkishSalePreview(
    portfolio.input,
    portfolio.taxInstruments,
    {
      instrumentCode: instrument.id,
      currency: instrument.currency,
      quantity: decimal(sale.quantity),
      unitPrice: decimal(sale.price),
      fee: decimal(sale.fee ?? '0'),
      date: sale.date,
    },
    indices.yiUfe,
  )
  if (!result.ok) {
    throw result.error.code === 'insufficient_quantity'
      ? notHeld()
      : turkishTaxRefusal(result.error)
  }
  const { item, held, before, after } = result.value
  // The sale is not a transaction, and its instrument is the one asked for.
  const { transactionId, instrumentCode, ...figures } = item
  const taxBefore = estimatedTax(before)
  const taxAfter = estimatedTax(after)
  return {
    held: held?.toString() ?? null,
    sale:
      figures.kind === 'notCovered'
        ? { kind: figures.kind, date: figures.date, reason: figures.reason }
        : asJson(figures),
    indexEstimate: figures.kind === 'foreignSale' ? indices.estimate : null,
    year: {
      year: before.year,
      foreignGains: {
        before: before.declaration.foreignGains.toString(),
        after: after.declaration.foreignGains.toString(),
      },
      tax:
        taxBefore === null || taxAfter === null
          ? null
          : { before: taxBefore.toString(), after: taxAfter.toString() },
    },
  }
}
