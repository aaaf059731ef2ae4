import type { Decimal } from '../../../shared/decimal/decimal'
import { ZERO } from '../../../shared/decimal/decimal'
import { toResult } from '../errors'
import type { Result } from '../errors'
import { fractionOf } from '../fraction'
import type { Fraction } from '../fraction'
import type { CapitalDay } from '../invested-capital'
import type { Observation } from '../ledger'
import type { SeriesByKey } from '../price-series'
import { IndexReader } from './monthly-index'
import type { IndexValue, MonthlyIndex } from './monthly-index'
import { rateReader } from './transform-series'

/**
 * What the totals are measured by: a price index (`code` names it to the reader: `TR-TUFE`
 * for TÜFE chained across its rebasing), or another currency's rates.
 */
export type Measurement =
  | { kind: 'real'; code: string; index: MonthlyIndex }
  | { kind: 'currency'; currency: string; fxRates: SeriesByKey }

/** What one day's amounts are multiplied by: I(asOf) ÷ I(day), or the day's rate. */
export type MeasureFactor =
  { kind: 'index'; at: IndexValue; asOf: IndexValue } | { kind: 'rate'; rate: Observation }

/** One day's change of invested capital, nominal and measured (docs/real-returns.md, rule 9). */
export interface MeasuredChange {
  date: string
  /** The change in the base currency. */
  nominal: Decimal
  /** (nominal × I(asOf)) ÷ I(date), or nominal × the date's rate. */
  measured: Decimal
  factor: MeasureFactor
  /** The measured invested capital at the end of `date`. */
  investedCapital: Decimal
}

/** A portfolio's totals in the money of one day or in another currency (rule 11). */
export interface MeasuredTotals {
  asOf: string
  /** The amounts' currency: the base currency (real) or the one converted into. */
  currency: string
  /** The value on `asOf`, nominal, and measured: itself (real) or × the rate of `asOf`. */
  nominalValue: Decimal
  value: Decimal
  /** The factor of `asOf`, which the value is measured by. */
  valueFactor: MeasureFactor
  investedCapital: Decimal
  peakInvestedCapital: Decimal
  /** The day the peak was reached; null while nothing was put in. */
  peakDate: string | null
  totalGain: Decimal
  /** Total gain ÷ peak invested capital; null while the peak is not above zero. */
  totalReturn: Fraction | null
  changes: MeasuredChange[]
  /** An index value read was carried past the newest published month: the figures will change. */
  provisional: boolean
}

/**
 * A factor reader for `measurement` as of `asOf`: one index value (and its month) per month, or
 * one rate per day, read as the transform reads them.
 */
function factorReader(
  measurement: Measurement,
  baseCurrency: string,
  asOf: string,
): {
  factorOn: (date: string) => MeasureFactor
  scale: (amount: Decimal, factor: MeasureFactor) => Decimal
} {
  if (measurement.kind === 'real') {
    const reader = new IndexReader(measurement.index)
    const end = reader.on(asOf)
    return {
      factorOn: (date) => ({ kind: 'index', at: reader.on(date), asOf: end }),
      // Multiplied first, then divided once: the explanation recomputes it in this order.
      scale: (amount, factor) =>
        factor.kind === 'index' ? amount.times(factor.asOf.value).div(factor.at.value) : amount,
    }
  }
  const rateOn = rateReader(baseCurrency, measurement.currency, measurement.fxRates)
  return {
    factorOn: (date) => ({ kind: 'rate', rate: rateOn(date) }),
    scale: (amount, factor) => (factor.kind === 'rate' ? amount.times(factor.rate.value) : amount),
  }
}

const provisionalFactor = (factor: MeasureFactor): boolean =>
  factor.kind === 'index' && (factor.at.provisional || factor.asOf.provisional)

/** {@link measuredTotals}, throwing its typed error. */
export function measured(
  nominalValue: Decimal,
  capitalDays: readonly CapitalDay[],
  asOf: string,
  measurement: Measurement,
  baseCurrency: string,
): MeasuredTotals {
  const { factorOn, scale } = factorReader(measurement, baseCurrency, asOf)
  const valueFactor = factorOn(asOf)
  let provisional = provisionalFactor(valueFactor)
  let investedCapital = ZERO
  let previous = ZERO
  let peak = ZERO
  let peakDate: string | null = null
  const changes: MeasuredChange[] = []
  for (const day of capitalDays) {
    if (day.date > asOf) break
    const nominal = day.investedCapital.minus(previous)
    previous = day.investedCapital
    const factor = factorOn(day.date)
    provisional ||= provisionalFactor(factor)
    const measured = scale(nominal, factor)
    investedCapital = investedCapital.plus(measured)
    changes.push({ date: day.date, nominal, measured, factor, investedCapital })
    if (investedCapital.gt(peak)) {
      peak = investedCapital
      peakDate = day.date
    }
  }
  const value = measurement.kind === 'real' ? nominalValue : scale(nominalValue, valueFactor)
  const totalGain = value.minus(investedCapital)
  return {
    asOf,
    currency: measurement.kind === 'real' ? baseCurrency : measurement.currency,
    nominalValue,
    value,
    valueFactor,
    investedCapital,
    peakInvestedCapital: peak,
    peakDate,
    totalGain,
    totalReturn: fractionOf(totalGain, peak),
    changes,
    provisional,
  }
}

/**
 * The totals on `asOf` measured real or in another currency (docs/real-returns.md, rule 11):
 * the value on `asOf` in that day's money (or × its rate), each day's change of invested capital
 * × that day's factor (rule 9), the highest the measured invested capital stood at the end of a
 * day, the total gain and the total return. `capitalDays` are the invested capital at the end of
 * each day it changed on, oldest first, up to `asOf` (the report's pass records them).
 *
 * @example measuredTotals(value, pass.ledger.capital.days, '2026-01-15', { kind: 'real', code: 'TR-TUFE', index: tufe }, 'TRY')
 */
export function measuredTotals(
  nominalValue: Decimal,
  capitalDays: readonly CapitalDay[],
  asOf: string,
  measurement: Measurement,
  baseCurrency: string,
): Result<MeasuredTotals> {
  return toResult(() => measured(nominalValue, capitalDays, asOf, measurement, baseCurrency))
}
