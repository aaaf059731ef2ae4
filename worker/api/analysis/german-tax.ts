import type postgres from 'postgres'
import type {
  GermanSalePreview,
  GermanTaxView,
  Instrument,
  SalePreviewQuery,
} from '../../../shared/api/schemas'
import { isinCountry } from '../../../shared/portfolio/countries'
import type { TaxSettings } from '../../../shared/tax/tax-settings'
import { decimal } from '../../portfolio'
import type { PortfolioInput } from '../../portfolio'
import { toResult } from '../../portfolio/errors'
import { NO_LOSSES, assessYear } from '../../tax/germany/assess-year'
import { expectedVorabpauschalen, salePreview } from '../../tax/germany/in-year'
import { teilfreistellungRate } from '../../tax/germany/tax-rules'
import { assessYears, taxPass } from '../../tax/germany/tax-years'
import type { SettingsOf, TaxInstrument } from '../../tax/germany/tax-years'
import { firstWorkingDay } from '../../tax/germany/vorabpauschale'
import { ApiProblem } from '../api-problem'
import { fxRateOn, fxRatesOn } from '../store/fx-store'
import { instrumentsById } from '../store/instrument-store'
import { closesFrom, closesOn } from '../store/price-store'
import { portfolioSettings } from '../store/portfolio-store'
import { listTaxYears } from '../store/tax-year-store'
import { loadAnalysis, mergeSeries } from './analysis-input'
import { asJson } from './as-json'
import { taxYearAsOf, yearsBetween } from './tax-year'

type Sql = postgres.TransactionSql

/**
 * What the German tax reads of an instrument: a share, a fund (with its type), other capital
 * (a bond), or no capital at all: crypto-assets and commodities are private sales (§ 23 EStG).
 */
function taxInstrumentOf(instrument: Instrument): TaxInstrument {
  const kind =
    instrument.type === 'STOCK'
      ? 'share'
      : instrument.type === 'FUND' || instrument.type === 'ETF'
        ? 'fund'
        : instrument.type === 'CRYPTO' || instrument.type === 'COMMODITY'
          ? 'private'
          : 'other'
  return {
    kind,
    // A fund whose type is not set has no Teilfreistellung: the view names it.
    fundType: instrument.fundType ?? 'other',
    domestic: (instrument.country ?? isinCountry(instrument.isin)) === 'DE',
    treatyRate: null,
  }
}

/** A portfolio read as a German depot to a date: what the tax pass and its years need. */
export interface GermanDepot {
  /**
   * Its transactions, each fund's first and last close of every year and its close on the date,
   * and the rates of a fund's currency on the days its Vorabpauschalen are received.
   */
  input: PortfolioInput
  /** By id: every instrument its transactions name. */
  instruments: Map<string, Instrument>
  taxInstruments: Record<string, TaxInstrument>
  /** The church tax of the profile; each year's Freistellungsauftrag and loss certificate. */
  settingsOf: SettingsOf
  /** The Freistellungsauftrag recorded for a year, as stored ("0" when none is). */
  freistellungsauftragOf: (year: number) => string
}

/**
 * Reads a portfolio for the German tax to `asOf`: its transactions, the instruments they name as
 * the tax sees them, the closes and rates a fund's Vorabpauschale reads (not whole series), and
 * the settings of each year. The portfolio must be in euros (422 `tax_needs_euros`).
 */
export async function loadGermanDepot(
  sql: Sql,
  portfolioId: string,
  asOf: string,
  tax: TaxSettings,
): Promise<GermanDepot> {
  const portfolio = await portfolioSettings(sql, portfolioId)
  if (portfolio.baseCurrency !== 'EUR') throw new ApiProblem('tax_needs_euros')
  const [{ input, transactions }, taxYears] = await Promise.all([
    loadAnalysis(sql, portfolio, { kind: 'none' }),
    listTaxYears(sql, portfolioId),
  ])
  const ids = [
    ...new Set(transactions.flatMap((row) => (row.instrumentCode ? [row.instrumentCode] : []))),
  ]
  const instruments = await instrumentsById(sql, ids)
  const taxInstruments = Object.fromEntries(
    [...instruments].map(([id, instrument]) => [id, taxInstrumentOf(instrument)]),
  )
  // A fund's Vorabpauschale reads its first and last close of each year, and the date's.
  const funds = [...instruments.values()].filter(
    (instrument) => taxInstruments[instrument.id]?.kind === 'fund',
  )
  const firstYear = Number((transactions[0]?.tradeDate ?? asOf).slice(0, 4))
  const years = yearsBetween(firstYear, Number(asOf.slice(0, 4)))
  const fundIds = funds.map((fund) => fund.id)
  const [lastCloses, firstCloses] = await Promise.all([
    closesOn(sql, fundIds, [...years.map((each) => `${each}-12-31`), asOf]),
    closesFrom(
      sql,
      fundIds,
      years.map((each) => `${each}-01-01`),
    ),
  ])
  // A fund in another currency: its Vorabpauschale in euros at the rate of the day it is received.
  const currencies = [
    ...new Set(funds.map((fund) => fund.currency).filter((code) => code !== 'EUR')),
  ]
  const received = years.map((each) => firstWorkingDay(each + 1))
  const rates = await Promise.all(currencies.map((code) => fxRatesOn(sql, code, 'EUR', received)))
  const fxRates = Object.fromEntries(
    currencies.map((code, index) => [`${code}/EUR`, rates[index] ?? []]),
  )
  const settingsByYear = new Map(taxYears.map((each) => [each.year, each]))
  return {
    input: { ...input, prices: mergeSeries(lastCloses, firstCloses), fxRates },
    instruments,
    taxInstruments,
    settingsOf: (each: number) => ({
      churchTaxRate: tax.churchTaxRate,
      freistellungsauftrag: decimal(settingsByYear.get(each)?.freistellungsauftrag ?? '0'),
      lossCertificate: settingsByYear.get(each)?.lossCertificate ?? false,
    }),
    freistellungsauftragOf: (each: number) => settingsByYear.get(each)?.freistellungsauftrag ?? '0',
  }
}

/**
 * A portfolio's year as a German depot (docs/tax-germany.md): its tax items, the year assessed
 * with the pots carried from the years before and the person's settings, and in the current year
 * each fund's Vorabpauschale due next January at today's price. The portfolio must be in euros
 * (422 `tax_needs_euros`); the year runs to its end or to today.
 */
export async function portfolioGermanTax(
  sql: Sql,
  portfolioId: string,
  year: number,
  today: string,
  tax: TaxSettings,
): Promise<GermanTaxView> {
  const asOf = taxYearAsOf(year, today)
  const depot = await loadGermanDepot(sql, portfolioId, asOf, tax)
  const result = toResult(() => {
    const pass = taxPass(depot.input, depot.taxInstruments, asOf)
    const assessed = assessYears(pass, depot.settingsOf)
    const expected = asOf === today ? expectedVorabpauschalen(pass) : []
    // The Vorabpauschale received this year is the year before's.
    const unpriced = pass.unpriced.filter((each) => each.year === year - 1)
    return { assessed: assessed.find((each) => each.year === year), expected, unpriced }
  })
  if (!result.ok) throw new ApiProblem({ engine: result.error.code })
  const { assessed, expected, unpriced } = result.value
  const instrumentOf = (id: string | null) =>
    id === null ? null : (depot.instruments.get(id) ?? null)
  return {
    year,
    asOf,
    churchTaxRate: tax.churchTaxRate,
    jointAssessment: tax.jointAssessment,
    freistellungsauftrag: depot.freistellungsauftragOf(year),
    assessment: asJson(
      // A year before the first transaction (or after today) has nothing in it.
      assessed?.assessment ?? assessYear([], depot.settingsOf(year), NO_LOSSES),
    ),
    items: (assessed?.items ?? []).map(({ instrumentCode, ...item }) => ({
      ...asJson(item),
      instrument: instrumentOf(instrumentCode),
    })),
    expectedVorabpauschalen: expected.map(({ instrumentCode, ...each }) => ({
      ...asJson(each),
      instrument: instrumentOf(instrumentCode),
    })),
    fundsWithoutType: [...depot.instruments.values()].filter(
      (instrument) =>
        depot.taxInstruments[instrument.id]?.kind === 'fund' && instrument.fundType === null,
    ),
    notCapitalIncome: [...depot.instruments.values()].filter(
      (instrument) => depot.taxInstruments[instrument.id]?.kind === 'private',
    ),
    vorabpauschaleUnpriced: unpriced.flatMap(({ instrumentCode, year: priced }) => {
      const instrument = instrumentOf(instrumentCode)
      return instrument ? [{ instrument, year: priced }] : []
    }),
  }
}

/** Selling more than is held on the date, or what the portfolio never held: refused at the quantity. */
const notHeld = () =>
  new ApiProblem({ engine: 'insufficient_quantity' }, {}, [{ path: 'quantity', code: 'too_big' }])

/**
 * What selling would cost in German tax (docs/tax-germany.md, Example 23): the portfolio's pass
 * to the sale's date, the sale's FIFO lots and gain in euros, the year assessed without and with
 * it, and the most whole units the Freistellungsauftrag left covers. The price and fee are
 * converted at the rate given, else the reference rate of the date (422 `fx_rate_needed` when
 * none is known). A date after the caller's today is refused (400, `future`); selling more than
 * is held, 422 `insufficient_quantity` at the quantity. The portfolio must be in euros.
 */
export async function portfolioSalePreview(
  sql: Sql,
  portfolioId: string,
  sale: SalePreviewQuery,
  today: string,
  tax: TaxSettings,
): Promise<GermanSalePreview> {
  if (sale.date > today) {
    throw new ApiProblem('invalid_query', {}, [{ path: 'date', code: 'future' }])
  }
  const depot = await loadGermanDepot(sql, portfolioId, sale.date, tax)
  // One the portfolio never held (whoever's it is, if anyone's) has nothing to sell.
  const instrument = depot.instruments.get(sale.instrument)
  if (instrument === undefined) throw notHeld()
  if (depot.taxInstruments[instrument.id]?.kind === 'private') {
    throw new ApiProblem('not_capital_income')
  }
  const fxRate = instrument.currency === 'EUR' ? '1' : (sale.fxRate ?? null)
  const rate = fxRate ?? (await fxRateOn(sql, instrument.currency, 'EUR', sale.date))?.rate
  if (rate === undefined) {
    throw new ApiProblem(
      'fx_rate_needed',
      { currency: instrument.currency, base: 'EUR', date: { date: sale.date } },
      [{ path: 'fxRate', code: 'required' }],
    )
  }
  const inEuros = (amount: string) => decimal(amount).times(decimal(rate))
  const result = salePreview(
    depot.input,
    depot.taxInstruments,
    {
      instrumentCode: instrument.id,
      quantity: decimal(sale.quantity),
      unitPrice: inEuros(sale.price),
      fee: inEuros(sale.fee ?? '0'),
      date: sale.date,
    },
    depot.settingsOf,
  )
  if (!result.ok) {
    throw result.error.code === 'insufficient_quantity'
      ? notHeld()
      : new ApiProblem({ engine: result.error.code })
  }
  const preview = result.value
  const taxInstrument = depot.taxInstruments[instrument.id]
  const { item, tax: added } = preview
  return {
    date: sale.date,
    fxRate: rate,
    held: preview.held.toString(),
    lots: preview.lots.map((lot) => ({
      transactionId: lot.acquiredBy,
      tradeDate: lot.acquiredOn,
      units: lot.units.toString(),
      cost: lot.cost.toString(),
    })),
    proceeds: preview.proceeds.toString(),
    cost: preview.cost.toString(),
    vorabpauschalen: preview.vorabpauschalen.toString(),
    grossGain: item.gross.toString(),
    teilfreistellung:
      taxInstrument?.kind === 'fund'
        ? {
            rate: teilfreistellungRate(taxInstrument.fundType).toString(),
            amount: item.gross.minus(item.amount).toString(),
          }
        : null,
    taxableGain: item.amount.toString(),
    pot: item.pot,
    tax: {
      ...asJson(added),
      total: added.kapESt.plus(added.soli).plus(added.churchTax).toString(),
    },
    churchTaxRate: tax.churchTaxRate,
    freistellungsauftragLeft: {
      before: preview.before.allowanceLeft.toString(),
      after: preview.after.allowanceLeft.toString(),
    },
    taxFreeUnits: preview.taxFreeUnits.toString(),
  }
}
