/**
 * How a portfolio's returns and gains are measured (docs/real-returns.md): as money is counted
 * (`nominal`), deflated by its base currency's consumer price index (`real`; a euro portfolio
 * may take Germany's VPI instead of the euro area HICP, `real-vpi`), or converted into another
 * currency at each day's rate. One list for the API's query, the URL and the switch.
 */
export const MEASURES = ['nominal', 'real', 'real-vpi', 'USD', 'EUR', 'TRY'] as const
export type Measure = (typeof MEASURES)[number]

/** The currencies a portfolio can be measured in besides its own. */
export const MEASURE_CURRENCIES = ['USD', 'EUR', 'TRY'] as const
export type MeasureCurrency = (typeof MEASURE_CURRENCIES)[number]

/**
 * The consumer price index a base currency is deflated by, by default: TÜFE (chained across
 * its 2025 rebasing), the euro area HICP, the US CPI. Other currencies have none.
 */
const DEFAULT_INDEX: Readonly<Record<string, RealIndex>> = {
  TRY: 'TR-TUFE',
  EUR: 'EA-HICP-2025',
  USD: 'US-CPI-1982',
}

/** The indices a portfolio is deflated by; `TR-TUFE` is TÜFE 2003=100 chained to 2025=100. */
export const REAL_INDICES = ['TR-TUFE', 'EA-HICP-2025', 'DE-VPI-2020', 'US-CPI-1982'] as const
export type RealIndex = (typeof REAL_INDICES)[number]

export const isMeasure = (value: unknown): value is Measure =>
  (MEASURES as readonly unknown[]).includes(value)

/** The index `measure` deflates a portfolio in `baseCurrency` by; null when it deflates none. */
export function realIndexOf(baseCurrency: string, measure: Measure): RealIndex | null {
  if (measure === 'real') return DEFAULT_INDEX[baseCurrency] ?? null
  if (measure === 'real-vpi') return baseCurrency === 'EUR' ? 'DE-VPI-2020' : null
  return null
}

/** The measures a portfolio in `baseCurrency` offers, nominal first. */
export function measuresFor(baseCurrency: string): Measure[] {
  return MEASURES.filter((measure) => {
    if (measure === 'nominal') return true
    if (measure === 'real' || measure === 'real-vpi')
      return realIndexOf(baseCurrency, measure) !== null
    return measure !== baseCurrency
  })
}
