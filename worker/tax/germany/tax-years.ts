import { ZERO } from '../../../shared/decimal/decimal'
import type { Decimal } from '../../../shared/decimal/decimal'
import { FifoCostBasis } from '../../portfolio/cost-basis-fifo'
import type { Lot } from '../../portfolio/cost-basis'
import type { EntryTransaction } from '../../portfolio/journal'
import type { Observation } from '../../portfolio/ledger'
import { fail, toResult } from '../../portfolio/errors'
import type { Result } from '../../portfolio/errors'
import { formatIsoDate, yearOf } from '../../portfolio/iso-date'
import { dayOption, prepareInput } from '../../portfolio/portfolio-input'
import type { PortfolioInput } from '../../portfolio/portfolio-input'
import type { MarketData } from '../../portfolio/price-series'
import { readTransaction } from '../../portfolio/transactions'
import type { AmountTransaction, TradeTransaction, Transaction } from '../../portfolio/transactions'
import { NO_LOSSES, assessYear } from './assess-year'
import type { LossPots, TaxItem, YearAssessment, YearSettings } from './assess-year'
import { BASISZINS, TREATY_RATE, afterTeilfreistellung, creditableForeignTax } from './tax-rules'
import type { FundType } from '../../../shared/portfolio/portfolio-kinds'
import { firstWorkingDay, fundSaleGain, vorabpauschale } from './vorabpauschale'
import type { FundYear, Vorabpauschale } from './vorabpauschale'

/** What the tax needs to know of an instrument (docs/tax-germany.md, rules 6–8). */
export interface TaxInstrument {
  /**
   * Shares go to the share pot when sold; funds have a Teilfreistellung and Vorabpauschale;
   * `private` is no capital income at all (crypto-assets and commodities: private sales under
   * § 23 EStG), whose sales and payments the view leaves out.
   */
  kind: 'share' | 'fund' | 'other' | 'private'
  fundType: FundType
  /** Its dividends are paid by a German company (the tax field is then German tax withheld). */
  domestic: boolean
  /** The treaty rate of its country on dividends; the usual 15 % when not known. */
  treatyRate: Decimal | null
}

/** An item of a year with where it came from, for the view and its explanations. */
export interface SourcedTaxItem extends TaxItem {
  kind: 'sale' | 'dividend' | 'interest' | 'vorabpauschale'
  instrumentCode: string | null
  /** The transaction; null for a Vorabpauschale, which no transaction records. */
  transactionId: string | null
  /** Before the Teilfreistellung (a fund's), in euros. */
  gross: Decimal
}

/** The part of one FIFO lot that units sold or moved out take (rule 5), with what it bore. */
export interface FifoPart {
  acquiredBy: string | null
  acquiredDay: number
  units: Decimal
  /** In euros, at the purchase rates. */
  cost: Decimal
  /** The Vorabpauschalen these units bore while held (rule 10); null for none. */
  paid: Decimal | null
}

/** One lot's Vorabpauschale for a year, with the prices and the rate it was computed from. */
export interface LotVorabpauschale {
  lot: Lot
  fundYear: FundYear
  result: Vorabpauschale
  first: Observation
  last: Observation
  /** The rate into euros of the day it is received; null for a fund in euros. */
  rate: Observation | null
  /** In euros. */
  amount: Decimal
}

/** What an item was computed from, as a {@link TaxJournal} records it for its explanation. */
export type ItemDetail =
  /** `proceeds`: in euros, less the sale's costs (rule 5). */
  | { kind: 'sale'; sell: TradeTransaction; proceeds: Decimal; parts: FifoPart[] }
  /** `treatyRate`: the rate foreign tax is credited up to; null for income from Germany or a fund. */
  | { kind: 'income'; payment: AmountTransaction; treatyRate: Decimal | null }
  | { kind: 'vorabpauschale'; year: number; lots: LotVorabpauschale[] }

/**
 * What a pass records for explanations (worker/tax/germany/explain-tax.ts): each item's detail and
 * the transactions lots came from. A pass without one records nothing.
 */
export class TaxJournal {
  readonly details = new Map<SourcedTaxItem, ItemDetail>()
  readonly transactions = new Map<string, EntryTransaction>()
}

export interface TaxYear {
  year: number
  items: SourcedTaxItem[]
  assessment: YearAssessment
}

/** A FIFO lot's Vorabpauschalen so far, by the transaction that brought it (rule 10). */
type PaidVorabpauschalen = Map<string, Decimal>

export interface Holding {
  /** The instrument's currency, which its prices are in. */
  currency: string
  basis: FifoCostBasis
  vorabpauschalen: PaidVorabpauschalen
  /** Distributions per unit in the year being passed, for the Vorabpauschale. */
  distributionsPerUnit: Decimal
}

/** Where a pass over a depot's transactions ends: its items by year and the lots it holds. */
export interface TaxPass {
  itemsByYear: Map<number, SourcedTaxItem[]>
  /** By instrument code. */
  holdings: Map<string, Holding>
  instrumentOf: (code: string) => TaxInstrument
  market: MarketData
  firstYear: number
  asOf: string
  /**
   * Funds held at the end of a year with a Basiszins whose prices of that year are missing (its
   * first, or its last): their Vorabpauschale could not be computed, and the view says so.
   */
  unpriced: { instrumentCode: string; year: number }[]
}

type AddItem = (item: SourcedTaxItem, detail: ItemDetail) => void

/**
 * The pass over a depot's transactions up to `asOf`: FIFO lots in euros whatever the portfolio's
 * own method (rule 5), each sale, dividend and interest an item of its year, and each fund's
 * Vorabpauschale (the sum of its lots') an item of the next year, received on its first working
 * day. `journal` records what each item was computed from. Throws a typed error; the portfolio
 * must be in euros.
 */
export function taxPass(
  input: PortfolioInput,
  instruments: Readonly<Record<string, TaxInstrument>>,
  asOf: string,
  journal?: TaxJournal,
): TaxPass {
  const asOfDay = dayOption(asOf, 'asOf')
  const { settings, transactions, market } = prepareInput(input)
  if (settings.baseCurrency !== 'EUR') {
    fail('invalid_currency', 'The German tax view needs a portfolio in euros', null, 'baseCurrency')
  }
  const instrumentOf = (code: string): TaxInstrument => {
    const found = instruments[code]
    if (found === undefined) fail('missing_field', `No tax details of ${code}`, null, 'instruments')
    return found
  }
  const holdings = new Map<string, Holding>()
  const itemsByYear = new Map<number, SourcedTaxItem[]>()
  const unpriced: TaxPass['unpriced'] = []
  const add = (year: number, item: SourcedTaxItem, detail: ItemDetail) => {
    const list = itemsByYear.get(year)
    if (list === undefined) itemsByYear.set(year, [item])
    else list.push(item)
    journal?.details.set(item, detail)
  }
  const holdingOf = (code: string, currency: string): Holding => {
    let holding = holdings.get(code)
    if (holding === undefined) {
      holding = {
        currency,
        basis: new FifoCostBasis(),
        vorabpauschalen: new Map(),
        distributionsPerUnit: ZERO,
      }
      holdings.set(code, holding)
    }
    return holding
  }
  const firstYear = transactions[0] ? yearOf(transactions[0].keys.day) : yearOf(asOfDay)
  let year = firstYear
  const closeYear = () => {
    for (const [code, holding] of holdings) {
      const instrument = instrumentOf(code)
      if (instrument.kind !== 'fund') continue
      if (holding.basis.quantity.sign() > 0 && BASISZINS[year] !== undefined) {
        if (yearPrices(market, code, year, `${year}-12-31`) === null) {
          unpriced.push({ instrumentCode: code, year })
        }
      }
      const lots = lotVorabpauschalen(holding, year, market, code, `${year}-12-31`)
      if (lots.length === 0) continue
      let gross = ZERO
      for (const { lot, amount } of lots) {
        // Each lot keeps its own, deducted when its units are sold (rule 10).
        const key = lot.acquiredBy ?? ''
        holding.vorabpauschalen.set(key, (holding.vorabpauschalen.get(key) ?? ZERO).plus(amount))
        gross = gross.plus(amount)
      }
      add(
        year + 1,
        {
          date: firstWorkingDay(year + 1),
          kind: 'vorabpauschale',
          instrumentCode: code,
          transactionId: null,
          pot: 'general',
          gross,
          amount: afterTeilfreistellung(gross, instrument.fundType),
          creditableForeignTax: ZERO,
        },
        { kind: 'vorabpauschale', year, lots },
      )
    }
    for (const holding of holdings.values()) holding.distributionsPerUnit = ZERO
    year++
  }
  for (const { keys, input: row } of transactions) {
    if (keys.day > asOfDay) break
    while (year < yearOf(keys.day)) closeYear()
    const transaction = readTransaction(row, keys, settings)
    journal?.transactions.set(transaction.id, {
      id: transaction.id,
      type: transaction.type,
      date: transaction.date,
    })
    apply(
      transaction,
      { holdingOf, heldOf: (code) => holdings.get(code) },
      instrumentOf,
      (item, detail) => add(year, item, detail),
    )
  }
  while (year < yearOf(asOfDay)) closeYear()
  return { itemsByYear, holdings, instrumentOf, market, firstYear, asOf, unpriced }
}

/** Each year's settings: church tax, Freistellungsauftrag, and whether losses were certified. */
export type SettingsOf = (year: number) => YearSettings & { lossCertificate?: boolean }

/** Each year of a pass assessed, from its first to `asOf`'s, the pots carried between them. */
export function assessYears(pass: TaxPass, settingsOf: SettingsOf): TaxYear[] {
  const years: TaxYear[] = []
  let carried: LossPots = NO_LOSSES
  for (let each = pass.firstYear; each <= Number(pass.asOf.slice(0, 4)); each++) {
    const items = (pass.itemsByYear.get(each) ?? []).filter((item) => item.date <= pass.asOf)
    const yearSettings = settingsOf(each)
    const assessment = assessYear(items, yearSettings, carried)
    carried = yearSettings.lossCertificate ? NO_LOSSES : assessment.carriedOut
    years.push({ year: each, items, assessment })
  }
  return years
}

/**
 * The year's items and tax of a portfolio treated as a German depot, from its first year to
 * `asOf`'s (see {@link taxPass}), the pots carried from year to year unless a year's settings say
 * a Verlustbescheinigung was requested. The portfolio must be in euros.
 */
export function germanTaxYears(
  input: PortfolioInput,
  instruments: Readonly<Record<string, TaxInstrument>>,
  options: { asOf: string; settingsOf: SettingsOf },
): Result<TaxYear[]> {
  return toResult(() => assessYears(taxPass(input, instruments, options.asOf), options.settingsOf))
}

/** The euros a transaction's amount in its currency came to, at its own rate. */
const inEuros = (amount: Decimal, transaction: { fxRate: Decimal }) =>
  amount.times(transaction.fxRate)

type HoldingOf = (code: string, currency: string) => Holding

/**
 * Applies one transaction to the lots and the year's items. `holdingOf` opens a holding in a
 * currency for what brings units or income; `heldOf` finds one already open, for what only
 * changes units held (a split or bonus issue of nothing held changes nothing).
 */
function apply(
  transaction: Transaction,
  { holdingOf, heldOf }: { holdingOf: HoldingOf; heldOf: (code: string) => Holding | undefined },
  instrumentOf: (code: string) => TaxInstrument,
  add: AddItem,
): void {
  switch (transaction.type) {
    case 'BUY':
    case 'RIGHTS_ISSUE':
    case 'TRANSFER_IN': {
      const cost = transaction.quantity
        .times(transaction.unitPrice)
        .plus(transaction.fee)
        .plus(transaction.tax)
      const rate =
        transaction.type === 'TRANSFER_IN' ? transaction.acquisitionFxRate : transaction.fxRate
      const acquiredDay =
        transaction.type === 'TRANSFER_IN' ? transaction.acquiredDay : transaction.day
      holdingOf(transaction.instrumentCode, transaction.currency).basis.acquire({
        acquiredBy: transaction.id,
        acquiredDay,
        quantity: transaction.quantity,
        cost,
        costBase: cost.times(rate),
      })
      return
    }
    case 'SELL': {
      // Costs of the sale lower the proceeds; tax withheld on it by the bank does not (rule 5).
      const proceeds = inEuros(
        transaction.quantity.times(transaction.unitPrice).minus(transaction.fee),
        transaction,
      )
      const holding = holdingOf(transaction.instrumentCode, transaction.currency)
      const { cost, paid, parts } = takeLots(holding, transaction.quantity)
      if (instrumentOf(transaction.instrumentCode).kind === 'private') return
      add(saleItem(transaction, proceeds, cost, paid, instrumentOf(transaction.instrumentCode)), {
        kind: 'sale',
        sell: transaction,
        proceeds,
        parts,
      })
      return
    }
    case 'TRANSFER_OUT':
      takeLots(holdingOf(transaction.instrumentCode, transaction.currency), transaction.quantity)
      return
    case 'SPLIT': {
      if (!transaction.cashInLieu.isZero()) {
        fail(
          'missing_field',
          `Transaction ${transaction.id}: cash in lieu is not in the German tax view`,
          transaction.id,
          'amount',
        )
      }
      heldOf(transaction.instrumentCode)?.basis.split(transaction.newShares, transaction.oldShares)
      return
    }
    case 'BONUS_ISSUE':
      heldOf(transaction.instrumentCode)?.basis.addBonusUnits(transaction.quantity)
      return
    case 'DIVIDEND':
    case 'INTEREST':
      incomeItem(transaction, holdingOf, instrumentOf, add)
      return
    default:
      // Deposits, withdrawals, exchanges, fees and taxes of their own: not capital income (fees
      // are not deductible beside the allowance, § 20 Abs. 9 EStG).
      return
  }
}

/** The parts of lots `quantity` units take, FIFO, with the Vorabpauschalen they bore (rule 10). */
export function fifoParts(holding: Holding, quantity: Decimal): FifoPart[] {
  const parts: FifoPart[] = []
  let remaining = quantity
  for (const lot of holding.basis.lots) {
    if (remaining.sign() <= 0) break
    const whole = remaining.cmp(lot.quantity) >= 0
    const units = whole ? lot.quantity : remaining
    const paid = holding.vorabpauschalen.get(lot.acquiredBy ?? '')
    parts.push({
      acquiredBy: lot.acquiredBy,
      acquiredDay: lot.acquiredDay,
      units,
      // The proportional rule every lot follows (takeFromLot): the same cents.
      cost: whole ? lot.costBase : lot.costBase.share(units, lot.quantity),
      paid: paid === undefined ? null : whole ? paid : paid.share(units, lot.quantity),
    })
    remaining = remaining.minus(units)
  }
  return parts
}

/** Takes units FIFO; returns their cost in euros, the Vorabpauschalen they bore, and the parts. */
function takeLots(
  holding: Holding,
  quantity: Decimal,
): { cost: Decimal; paid: Decimal[]; parts: FifoPart[] } {
  const parts = fifoParts(holding, quantity)
  holding.basis.take(quantity)
  let cost = ZERO
  const paid: Decimal[] = []
  for (const part of parts) {
    cost = cost.plus(part.cost)
    if (part.paid === null) continue
    paid.push(part.paid)
    const key = part.acquiredBy ?? ''
    holding.vorabpauschalen.set(key, (holding.vorabpauschalen.get(key) ?? ZERO).minus(part.paid))
  }
  return { cost, paid, parts }
}

/** A sale's item: its gain into the share or general pot, a fund's less its Vorabpauschalen. */
export function saleItem(
  sell: { id: string; date: string; instrumentCode: string },
  proceeds: Decimal,
  cost: Decimal,
  paid: readonly Decimal[],
  instrument: TaxInstrument,
): SourcedTaxItem {
  const base = {
    date: sell.date,
    kind: 'sale' as const,
    instrumentCode: sell.instrumentCode,
    transactionId: sell.id,
    creditableForeignTax: ZERO,
  }
  if (instrument.kind === 'fund') {
    const gross = fundSaleGain(proceeds, cost, paid)
    return {
      ...base,
      pot: 'general',
      gross,
      amount: afterTeilfreistellung(gross, instrument.fundType),
    }
  }
  const gain = proceeds.minus(cost)
  return {
    ...base,
    pot: instrument.kind === 'share' ? 'shares' : 'general',
    gross: gain,
    amount: gain,
  }
}

function incomeItem(
  payment: AmountTransaction,
  holdingOf: HoldingOf,
  instrumentOf: (code: string) => TaxInstrument,
  add: AddItem,
): void {
  const gross = inEuros(payment.amount, payment)
  const code = payment.instrumentCode
  const instrument = code === null ? null : instrumentOf(code)
  // A crypto-asset's staking reward, say, is other income (§ 22 Nr. 3 EStG), not capital income.
  if (instrument?.kind === 'private') return
  // Tax withheld abroad is credited up to the treaty rate; at home it is the German tax itself.
  const foreign = instrument !== null && !instrument.domestic && instrument.kind !== 'fund'
  const treatyRate = foreign ? (instrument.treatyRate ?? TREATY_RATE) : null
  const credit =
    treatyRate === null
      ? ZERO
      : creditableForeignTax(gross, inEuros(payment.tax, payment), treatyRate)
  if (code !== null && instrument?.kind === 'fund') {
    const holding = holdingOf(code, payment.currency)
    if (holding.basis.quantity.sign() > 0) {
      holding.distributionsPerUnit = holding.distributionsPerUnit.plus(
        payment.amount.div(holding.basis.quantity),
      )
    }
  }
  add(
    {
      date: payment.date,
      kind: payment.type === 'DIVIDEND' ? 'dividend' : 'interest',
      instrumentCode: code,
      transactionId: payment.id,
      pot: 'general',
      gross,
      amount:
        instrument?.kind === 'fund' ? afterTeilfreistellung(gross, instrument.fundType) : gross,
      creditableForeignTax: credit,
    },
    { kind: 'income', payment, treatyRate },
  )
}

/** A fund's first price of `year` and its last on or before `lastDate`; null when either is missing. */
function yearPrices(market: MarketData, code: string, year: number, lastDate: string) {
  const series = market.priceSeries(code)
  const first = series?.firstFrom(`${year}-01-01`) ?? null
  const last = series?.at(lastDate) ?? null
  if (first === null || last === null || first.date > lastDate || last.date < first.date) {
    return null
  }
  return { first, last }
}

/**
 * The Vorabpauschale of each lot of a fund for `year`, in euros, from the year's first price and
 * the last one on or before `lastDate` (the year's end; before it, what it would be now). None
 * without a price in the year, nor a Basiszins.
 */
export function lotVorabpauschalen(
  holding: Holding,
  year: number,
  market: MarketData,
  code: string,
  lastDate: string,
): LotVorabpauschale[] {
  const prices = yearPrices(market, code, year, lastDate)
  if (prices === null) return []
  const { first, last } = prices
  const yearStart = dayOption(`${year}-01-01`, 'year')
  const found: LotVorabpauschale[] = []
  for (const lot of holding.basis.lots) {
    const fundYear: FundYear = {
      year,
      units: lot.quantity,
      firstPrice: first.value,
      lastPrice: last.value,
      distributionsPerUnit: holding.distributionsPerUnit,
      boughtOn: lot.acquiredDay >= yearStart ? formatIsoDate(lot.acquiredDay) : null,
    }
    const result = vorabpauschale(fundYear)
    if (result === null || result.amount.isZero()) continue
    // In euros at the rate of the day it counts as received (the last known, before it).
    const rate =
      holding.currency === 'EUR'
        ? null
        : (market.fxSeries(holding.currency)?.at(result.receivedOn) ?? undefined)
    if (rate === undefined) {
      fail(
        'missing_fx_rate',
        `No ${holding.currency}/EUR rate on ${result.receivedOn}`,
        null,
        'fxRates',
      )
    }
    found.push({
      lot,
      fundYear,
      result,
      first,
      last,
      rate,
      amount: rate === null ? result.amount : result.amount.times(rate.value),
    })
  }
  return found
}
