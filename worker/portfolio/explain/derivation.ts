import { Decimal } from '../../../shared/decimal/decimal'
import { xirr } from '../xirr'

/**
 * How a step's value joins the result of the steps before it (`power`: floats only). `atMost` and
 * `atLeast` cap the result by the value; `roundHalfUp` and `floor` round it to a multiple of the
 * value (a cent: 0.01), half away from zero or down (decimals only).
 */
export type Operation =
  'plus' | 'minus' | 'times' | 'divide' | 'power' | 'atMost' | 'atLeast' | 'roundHalfUp' | 'floor'

/** What a step's value is, for its label and its format (`rate`: a percentage, unsigned). */
export type StepKind =
  'amount' | 'quantity' | 'price' | 'fxRate' | 'fraction' | 'rate' | 'factor' | 'one' | 'cashFlow'

/** Where a step's value comes from, so the reader can go and change it. */
export type StepSource =
  | {
      kind: 'transaction'
      transactionId: string
      type: string
      date: string
      instrumentCode: string | null
    }
  | { kind: 'price'; instrumentCode: string; date: string; origin: 'close' | 'trade' }
  /** `tcmb`: the TCMB forex buying rate of the bulletin dated `date` (the Turkish tax's). */
  | {
      kind: 'fxRate'
      currency: string
      date: string
      origin: 'reference' | 'transaction' | 'tcmb'
    }
  /**
   * A price index's value for a month (`TR-YIUFE-2003`, `TR-TUFE`: docs/price-indices.md);
   * `provisional`: the newest published month carried forward.
   */
  | { kind: 'priceIndex'; index: string; month: string; provisional: boolean }
  /** The Basiszins the Federal Ministry of Finance published for a year (§ 18 Abs. 4 InvStG). */
  | { kind: 'basiszins'; year: number }
  /** A tax setting of the year: the profile's church tax, the portfolio's Freistellungsauftrag. */
  | { kind: 'taxSetting'; setting: 'churchTaxRate' | 'freistellungsauftrag'; year: number }

/**
 * One step of a calculation: its value, what it is (`label` names a message, `params` fill it),
 * and how it joins the steps before it (the first step has no operation).
 */
export interface Step {
  op: Operation | null
  kind: StepKind
  label: string
  params: Record<string, string | number>
  value: Decimal | number
  /** Currency of an amount or a price; null otherwise. */
  currency: string | null
  source: StepSource | null
  /** A figure this step's value is, which has a derivation of its own. */
  figure: string | null
  /** How this step's value is made, when shown in place: they recompute to it. */
  parts: Calculation | null
}

/**
 * Steps and how they combine: exact decimals (amounts, units, prices), floats (returns and
 * shares, which the engine computes as floats), or XIRR (the steps are dated cash flows and the
 * result is the rate that balances them). {@link recompute} gives the result back exactly.
 */
export interface Calculation {
  arithmetic: 'decimal' | 'float' | 'xirr'
  steps: Step[]
}

/** How the engine computed one figure: the steps, in the order it combined them. */
export interface Derivation extends Calculation {
  figure: string
  /** The formula in words: a message name. */
  formula: string
  value: Decimal | number | null
  /** What the value is, and its currency (an amount's or a price's). */
  kind: StepKind
  currency: string | null
  /** Further facts the reader needs, each a message name with its parameters. */
  notes: { label: string; params: Record<string, string | number> }[]
}

/** A step as the builders write it: only what differs from a plain amount. */
export type StepInit = Partial<Step> & Pick<Step, 'label' | 'value'>

export function step(init: StepInit): Step {
  return {
    op: null,
    kind: 'amount',
    params: {},
    currency: null,
    source: null,
    figure: null,
    parts: null,
    ...init,
  }
}

function combineDecimal(total: Decimal, op: Operation, value: Decimal): Decimal {
  switch (op) {
    case 'plus':
      return total.plus(value)
    case 'minus':
      return total.minus(value)
    case 'times':
      return total.times(value)
    case 'divide':
      return total.div(value)
    case 'atMost':
      return total.lt(value) ? total : value
    case 'atLeast':
      return total.gt(value) ? total : value
    case 'roundHalfUp':
      return total.div(value).round(0, 'half-away-from-zero').times(value)
    case 'floor':
      return total.div(value).floor().times(value)
    case 'power':
      throw new TypeError('A power in a decimal derivation')
  }
}

function combineFloat(total: number, op: Operation, value: number): number {
  switch (op) {
    case 'plus':
      return total + value
    case 'minus':
      return total - value
    case 'times':
      return total * value
    case 'divide':
      return total / value
    case 'power':
      return total ** value
    case 'atMost':
      return Math.min(total, value)
    case 'atLeast':
      return Math.max(total, value)
    case 'roundHalfUp':
    case 'floor':
      // The engine rounds only exact amounts (the taxes, to the cent).
      throw new TypeError(`${op} in a float derivation`)
  }
}

function asDecimal(value: Decimal | number): Decimal {
  // A float has no exact decimal to recompute with: decimal derivations hold decimals only.
  if (!(value instanceof Decimal)) throw new TypeError(`${value} in a decimal derivation`)
  return value
}
const asFloat = (value: Decimal | number): number =>
  value instanceof Decimal ? value.toNumber() : value

/**
 * The value a calculation gives, its steps combined left to right as the engine combined them;
 * null without steps (or, for XIRR, without a rate). Decimals stay exact; floats repeat the
 * engine's own float operations.
 */
export function recompute({ arithmetic, steps }: Calculation): Decimal | number | null {
  const [first, ...rest] = steps
  if (first === undefined) return null
  switch (arithmetic) {
    case 'decimal': {
      let total = asDecimal(first.value)
      for (const next of rest) {
        total = combineDecimal(total, next.op ?? 'plus', asDecimal(next.value))
      }
      return total
    }
    case 'float': {
      let total = asFloat(first.value)
      for (const next of rest) total = combineFloat(total, next.op ?? 'plus', asFloat(next.value))
      return total
    }
    case 'xirr':
      return xirr(
        steps.map((flow) => ({ date: String(flow.params.date), amount: asFloat(flow.value) })),
      ).rate
  }
}

/** Every step (at any depth) whose parts do not recompute to its value, by label. */
export function partsThatDisagree({ steps }: Calculation): string[] {
  const wrong: string[] = []
  for (const item of steps) {
    if (item.parts === null) continue
    if (!sameValue(recompute(item.parts), item.value)) wrong.push(item.label)
    wrong.push(...partsThatDisagree(item.parts))
  }
  return wrong
}

/** Decimals equal in value, or floats equal to the last bit. */
export function sameValue(a: Decimal | number | null, b: Decimal | number | null): boolean {
  if (a === null || b === null) return a === b
  if (a instanceof Decimal && b instanceof Decimal) return a.eq(b)
  return asFloat(a) === asFloat(b)
}
