import type postgres from 'postgres'
import type { GermanTaxView, Instrument } from '../../../shared/api/schemas'
import { isinCountry } from '../../../shared/portfolio/countries'
import type { TaxSettings } from '../../../shared/tax/tax-settings'
import { decimal } from '../../portfolio'
import { toResult } from '../../portfolio/errors'
import { NO_LOSSES, assessYear } from '../../tax/germany/assess-year'
import { expectedVorabpauschalen } from '../../tax/germany/in-year'
import { assessYears, taxPass } from '../../tax/germany/tax-years'
import type { TaxInstrument } from '../../tax/germany/tax-years'
import { firstWorkingDay } from '../../tax/germany/vorabpauschale'
import { ApiProblem } from '../api-problem'
import { fxRatesOn } from '../store/fx-store'
import { instrumentsById } from '../store/instrument-store'
import { closesFrom, closesOn } from '../store/price-store'
import { portfolioSettings } from '../store/portfolio-store'
import { listTaxYears } from '../store/tax-year-store'
import { loadAnalysis, mergeSeries } from './analysis-input'
import { asJson } from './as-json'

type Sql = postgres.TransactionSql

/** What the German tax reads of an instrument: a share, a fund (with its type), or neither. */
function taxInstrumentOf(instrument: Instrument): TaxInstrument {
  const kind =
    instrument.type === 'STOCK'
      ? 'share'
      : instrument.type === 'FUND' || instrument.type === 'ETF'
        ? 'fund'
        : 'other'
  return {
    kind,
    // A fund whose type is not set has no Teilfreistellung: the view names it.
    fundType: instrument.fundType ?? 'other',
    domestic: (instrument.country ?? isinCountry(instrument.isin)) === 'DE',
    treatyRate: null,
  }
}

/** Every year from `first` to `last`. */
function yearsBetween(first: number, last: number): number[] {
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index)
}

/** The day a year's tax view runs to: the year's end, or today in the current year. */
export function yearAsOf(year: number, today: string): string {
  return `${year}-12-31` < today ? `${year}-12-31` : today
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
  const portfolio = await portfolioSettings(sql, portfolioId)
  if (portfolio.baseCurrency !== 'EUR') throw new ApiProblem('tax_needs_euros')
  const asOf = yearAsOf(year, today)
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
  // A fund's Vorabpauschale reads its first and last close of each year, and today's.
  const funds = [...instruments.values()].filter(
    (instrument) => taxInstruments[instrument.id]?.kind === 'fund',
  )
  const firstYear = Number((transactions[0]?.tradeDate ?? asOf).slice(0, 4))
  const years = yearsBetween(firstYear, year)
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
  const settingsOf = (each: number) => ({
    churchTaxRate: tax.churchTaxRate,
    freistellungsauftrag: decimal(settingsByYear.get(each)?.freistellungsauftrag ?? '0'),
    lossCertificate: settingsByYear.get(each)?.lossCertificate ?? false,
  })
  const result = toResult(() => {
    const pass = taxPass(
      { ...input, prices: mergeSeries(lastCloses, firstCloses), fxRates },
      taxInstruments,
      asOf,
    )
    const assessed = assessYears(pass, settingsOf)
    const expected = asOf === today ? expectedVorabpauschalen(pass) : []
    return { assessed: assessed.find((each) => each.year === year), expected }
  })
  if (!result.ok) throw new ApiProblem({ engine: result.error.code })
  const { assessed, expected } = result.value
  const instrumentOf = (id: string | null) => (id === null ? null : (instruments.get(id) ?? null))
  return {
    year,
    asOf,
    churchTaxRate: tax.churchTaxRate,
    jointAssessment: tax.jointAssessment,
    freistellungsauftrag: settingsByYear.get(year)?.freistellungsauftrag ?? '0',
    assessment: asJson(
      // A year before the first transaction (or after today) has nothing in it.
      assessed?.assessment ?? assessYear([], settingsOf(year), NO_LOSSES),
    ),
    items: (assessed?.items ?? []).map(({ instrumentCode, ...item }) => ({
      ...asJson(item),
      instrument: instrumentOf(instrumentCode),
    })),
    expectedVorabpauschalen: expected.map(({ instrumentCode, ...each }) => ({
      ...asJson(each),
      instrument: instrumentOf(instrumentCode),
    })),
    fundsWithoutType: funds.filter((fund) => fund.fundType === null),
  }
}
