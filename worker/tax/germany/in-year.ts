import { ZERO, decimal } from '../../../shared/decimal/decimal'
import type { Decimal } from '../../../shared/decimal/decimal'
import type { Lot } from '../../portfolio/cost-basis'
import { fail, toResult } from '../../portfolio/errors'
import type { Result } from '../../portfolio/errors'
import { formatIsoDate } from '../../portfolio/iso-date'
import type { PortfolioInput } from '../../portfolio/portfolio-input'
import { assessYear } from './assess-year'
import type { YearAssessment } from './assess-year'
import { afterTeilfreistellung } from './tax-rules'
import { assessYears, fifoParts, lotVorabpauschalen, saleItem, taxPass } from './tax-years'
import type { SettingsOf, SourcedTaxItem, TaxInstrument, TaxPass } from './tax-years'

/** A fund's Vorabpauschale for the current year as today's price has it, due next January. */
export interface ExpectedVorabpauschale {
  instrumentCode: string
  units: Decimal
  amount: Decimal
  /** After the Teilfreistellung. */
  taxable: Decimal
  receivedOn: string
}

/**
 * What each fund held on `asOf` would bear as Vorabpauschale for `asOf`'s year if the year ended
 * at today's price (docs/tax-germany.md, rule 9): received on next year's first working day.
 */
export function expectedVorabpauschalen(pass: TaxPass): ExpectedVorabpauschale[] {
  const year = Number(pass.asOf.slice(0, 4))
  const expected: ExpectedVorabpauschale[] = []
  for (const [code, holding] of pass.holdings) {
    const instrument = pass.instrumentOf(code)
    if (instrument.kind !== 'fund' || holding.basis.quantity.isZero()) continue
    const lots = lotVorabpauschalen(holding, year, pass.market, code, pass.asOf)
    if (lots.length === 0) continue
    const amount = lots.reduce((total, each) => total.plus(each.amount), ZERO)
    expected.push({
      instrumentCode: code,
      units: holding.basis.quantity,
      amount,
      taxable: afterTeilfreistellung(amount, instrument.fundType),
      receivedOn: lots[0]?.result.receivedOn ?? '',
    })
  }
  return expected
}

/** A sale the investor considers: of `quantity` units at `unitPrice`, less `fee`, on `date`. */
export interface SaleIdea {
  instrumentCode: string
  quantity: Decimal
  unitPrice: Decimal
  fee: Decimal
  date: string
}

export interface SalePreview {
  /** The sale's item as the year would take it (gain after any Teilfreistellung, and its pot). */
  item: SourcedTaxItem
  /**
   * What the gain is made of, in euros: the proceeds less the costs of the sale, the lots' cost,
   * and the Vorabpauschalen of the units sold, deducted from a fund's gain (rule 10).
   */
  proceeds: Decimal
  cost: Decimal
  vorabpauschalen: Decimal
  /** The FIFO lots it takes: the transaction that brought each, when, units and cost in euros. */
  lots: { acquiredBy: string | null; acquiredOn: string; units: Decimal; cost: Decimal }[]
  /** The units held on the sale's date, before it. */
  held: Decimal
  /** The year without the sale and with it. */
  before: YearAssessment
  after: YearAssessment
  /** What the sale adds to KapESt, Soli and church tax. */
  tax: { kapESt: Decimal; soli: Decimal; churchTax: Decimal }
  /** The most whole units that could be sold at this price without adding tax. */
  taxFreeUnits: Decimal
}

/**
 * What selling would cost in tax this year (issue 34, point 3): the depot's pass to `sale.date`,
 * the sale's FIFO lots and gain, the year assessed without and with it, and how many whole units
 * could be sold at the same price and fee per unit without adding tax (docs/tax-germany.md,
 * Example 23). The sale counts after everything else of the year up to its date.
 */
export function salePreview(
  input: PortfolioInput,
  instruments: Readonly<Record<string, TaxInstrument>>,
  sale: SaleIdea,
  settingsOf: SettingsOf,
): Result<SalePreview> {
  return toResult(() => {
    const pass = taxPass(input, instruments, sale.date)
    const year = Number(sale.date.slice(0, 4))
    const before = assessYears(pass, settingsOf).find((each) => each.year === year)
    const holding = pass.holdings.get(sale.instrumentCode)
    const held = holding?.basis.quantity ?? ZERO
    if (before === undefined || holding === undefined || sale.quantity.gt(held)) {
      fail(
        'insufficient_quantity',
        `A sale of ${sale.quantity.toString()} ${sale.instrumentCode} exceeds the ${held.toString()} held`,
        null,
        'quantity',
      )
    }
    const instrument = pass.instrumentOf(sale.instrumentCode)
    const settings = settingsOf(year)
    const saleOf = (units: Decimal) => {
      const parts = fifoParts(holding, units)
      const proceeds = units.times(sale.unitPrice).minus(sale.fee.times(units).div(sale.quantity))
      const cost = parts.reduce((total, part) => total.plus(part.cost), ZERO)
      const paid = parts.flatMap((part) => (part.paid === null ? [] : [part.paid]))
      const item = saleItem(
        { id: 'sale-preview', date: sale.date, instrumentCode: sale.instrumentCode },
        proceeds,
        cost,
        paid,
        instrument,
      )
      return { item, parts, proceeds, cost, paid }
    }
    const yearItems = before.items
    const assessWith = (units: Decimal) =>
      assessYear([...yearItems, saleOf(units).item], settings, before.assessment.carriedIn)
    const { item, parts, proceeds, cost, paid } = saleOf(sale.quantity)
    const after = assessWith(sale.quantity)
    // The most whole units that add no KapESt, by halving: each trial assesses the year anew.
    let low = 0
    let high = Math.floor(held.toNumber())
    while (low < high) {
      const middle = Math.ceil((low + high) / 2)
      if (assessWith(decimal(String(middle))).kapESt.gt(before.assessment.kapESt)) high = middle - 1
      else low = middle
    }
    return {
      item,
      proceeds,
      cost,
      vorabpauschalen: paid.reduce((total, each) => total.plus(each), ZERO),
      // fifoParts takes the open lots in their order, one part of each.
      lots: parts.map(({ acquiredBy, units, cost: lotCost }, index) => ({
        acquiredBy,
        acquiredOn: formatIsoDate((holding.basis.lots[index] as Lot).acquiredDay),
        units,
        cost: lotCost,
      })),
      held,
      before: before.assessment,
      after,
      tax: {
        kapESt: after.kapESt.minus(before.assessment.kapESt),
        soli: after.soli.minus(before.assessment.soli),
        churchTax: after.churchTax.minus(before.assessment.churchTax),
      },
      taxFreeUnits: decimal(String(low)),
    }
  })
}
