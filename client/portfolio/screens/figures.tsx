import type { Holding } from '../../../shared/api/schemas'
import {
  formatDate,
  formatMoney,
  formatPercent,
  formatUnitPrice,
} from '../../../shared/i18n/format'
import { publishedDecimals } from '../../../shared/portfolio/price-providers'
import { useI18n } from '../../app/i18n-context'

/** The sign of a decimal string: gains and losses are coloured, and signed in text too. */
function toneOf(amount: string): 'gain' | 'loss' | 'flat' {
  if (amount.startsWith('-')) return 'loss'
  return /[1-9]/.test(amount) ? 'gain' : 'flat'
}

/** An amount in its currency, in the locale's format. */
export function Money({ amount, currency }: { amount: string; currency: string }) {
  const { formatLocale } = useI18n()
  return <span className="figure">{formatMoney(formatLocale, amount, currency)}</span>
}

/** A gain or loss: signed (+/−) and coloured, so colour is never the only cue. */
export function Gain({ amount, currency }: { amount: string; currency: string }) {
  const { formatLocale } = useI18n()
  return (
    <span className={`figure figure--${toneOf(amount)}`}>
      {formatMoney(formatLocale, amount, currency, { signed: true })}
    </span>
  )
}

/** A return or change as a signed percentage; a dash when it has no meaning. */
export function Return({ value }: { value: number | null | undefined }) {
  const { formatLocale } = useI18n()
  if (value === null || value === undefined) return <span className="figure">–</span>
  const tone = value < 0 ? 'loss' : value > 0 ? 'gain' : 'flat'
  return (
    <span className={`figure figure--${tone}`}>
      {formatPercent(formatLocale, value, { signed: true })}
    </span>
  )
}

/** A share of the whole, unsigned. */
export function Share({ value }: { value: number | null }) {
  const { formatLocale } = useI18n()
  return <span className="figure">{value === null ? '–' : formatPercent(formatLocale, value)}</span>
}

/** The date of a price, marked when it is old (more than 5 trading days before the report). */
export function PriceDate({ date, stale }: { date: string | null; stale: boolean }) {
  const { t, formatLocale } = useI18n()
  if (!date) return <span className="muted">{t('portfolio.common.noPrice')}</span>
  return (
    <span className={stale ? 'price-date price-date--stale' : 'price-date'}>
      {formatDate(formatLocale, date)}
      {stale ? <span className="stale-mark"> · {t('portfolio.common.stale')}</span> : null}
    </span>
  )
}

/** A holding's latest price as its source publishes it, or "at cost" without one, and its date. */
export function HoldingPrice({ holding }: { holding: Holding }) {
  const { t, formatLocale } = useI18n()
  const { price, currency, instrument } = holding
  return (
    <>
      {price
        ? formatUnitPrice(formatLocale, price, currency, publishedDecimals(instrument))
        : t('portfolio.common.atCost')}{' '}
      <PriceDate date={holding.priceDate} stale={holding.stale} />
    </>
  )
}
