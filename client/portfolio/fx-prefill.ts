import { useEffect, useRef, useState } from 'react'
import type { FxRate } from '../../shared/api/schemas/fx'

/** Where the FX rate input stands: being looked up, filled from a published rate, or none. */
export type FxPrefill =
  { state: 'idle' } | { state: 'looking' } | { state: 'found'; rate: FxRate } | { state: 'missing' }

/**
 * Looks up the published rate whenever the currency or the date changes, and fills the input
 * with it, unless the user typed a rate of their own (their broker's), which is never replaced.
 * `lookupFx(base, quote, date)` answers quote units per 1 base unit, so the transaction's
 * currency is the base and the portfolio's the quote: TRY per USD for a USD trade in TRY.
 */
export function useFxPrefill(options: {
  lookupFx: (base: string, quote: string, date: string) => Promise<FxRate | null>
  currency: string
  baseCurrency: string
  date: string
  active: boolean
  /** The input's text now, and how to write it (in the locale's format). */
  read: () => string
  write: (rate: string) => void
}): FxPrefill {
  const [prefill, setPrefill] = useState<FxPrefill>({ state: 'idle' })
  const filled = useRef<string | null>(null)
  const latest = useRef(0)
  const { lookupFx, currency, baseCurrency, date, active } = options
  const io = useRef(options)
  io.current = options

  useEffect(() => {
    const ticket = ++latest.current
    if (!active || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setPrefill({ state: 'idle' })
      return
    }
    setPrefill({ state: 'looking' })
    lookupFx(currency, baseCurrency, date).then(
      (rate) => {
        if (ticket !== latest.current) return
        if (!rate) {
          setPrefill({ state: 'missing' })
          return
        }
        const typed = io.current.read()
        if (typed === '' || typed === filled.current) {
          io.current.write(rate.rate)
          filled.current = io.current.read()
        }
        setPrefill({ state: 'found', rate })
      },
      () => {
        if (ticket === latest.current) setPrefill({ state: 'missing' })
      },
    )
  }, [lookupFx, currency, baseCurrency, date, active])

  return prefill
}
