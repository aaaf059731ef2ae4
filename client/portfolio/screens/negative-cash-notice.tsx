import { useId } from 'react'
import type { NegativeCash } from '../../../shared/api/schemas'
import { formatDate, formatMoney } from '../../../shared/i18n/format'
import { useI18n } from '../../app/i18n-context'
import { InstrumentLink } from './instrument-link'

/**
 * A portfolio's warning that its cash ended a day below zero (docs/portfolio-math.md, "Cash below
 * zero"): per currency, the day and the transaction, the lowest balance, and the deposit that
 * would clear it. Nothing when the cash never went below zero.
 */
export function NegativeCashNotice(props: { negativeCash: NegativeCash[]; portfolioId: string }) {
  const { t, formatLocale } = useI18n()
  const headingId = useId()
  if (props.negativeCash.length === 0) return null
  return (
    <section className="notice notice--warning negative-cash" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('portfolio.detail.negativeCash.heading')}</h2>
      {props.negativeCash.map((entry) => {
        const date = formatDate(formatLocale, entry.date)
        const type = t(`portfolio.form.types.${entry.type}`)
        return (
          <p key={entry.currency}>
            {t('portfolio.detail.negativeCash.currency', {
              currency: entry.currency,
              date,
              transaction: entry.instrument ? `${type} · ${entry.instrument.code}` : type,
              lowest: formatMoney(formatLocale, entry.lowest, entry.currency),
              lowestDate: formatDate(formatLocale, entry.lowestDate),
            })}{' '}
            {t('portfolio.detail.negativeCash.fix', {
              // The lowest balance, as a deposit: made by `date`, it keeps every day above zero.
              amount: formatMoney(formatLocale, entry.lowest.replace(/^-/, ''), entry.currency),
              date,
            })}
            {entry.instrument ? (
              <>
                {' '}
                <InstrumentLink portfolioId={props.portfolioId} instrument={entry.instrument}>
                  {t('portfolio.detail.negativeCash.show', { code: entry.instrument.code })}
                </InstrumentLink>
              </>
            ) : null}
          </p>
        )
      })}
      <p>{t('portfolio.detail.negativeCash.why')}</p>
    </section>
  )
}
