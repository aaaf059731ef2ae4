import { useEffect, useRef, useState } from 'react'
import type { ApiClient } from '../api/api-client'
import type { Subscription } from '../../shared/api/schemas'
import { useI18n } from '../app/i18n-context'
import { formatMoney } from '../../shared/i18n/format'
import { localeInfo } from '../../shared/i18n/locales'
import { planById, type BillingPeriod } from '../../shared/pricing/plans'
import { messageOf } from './api-message'
import { FormStatus } from './form-parts'

/** The price of Pro in the subscription's currency where Pro has one, else the page's. */
function priceOf(period: BillingPeriod, currency: string, fallback: string): [string, string] {
  const prices = planById('pro').prices![period]
  const priced = (Object.keys(prices) as (keyof typeof prices)[]).find((code) => code === currency)
  return priced ? [prices[priced], priced] : [prices[fallback as keyof typeof prices], fallback]
}

/**
 * Switching Pro between monthly and yearly billing: the new period is paid at once, less a
 * credit for the rest of the old one, so the buyer confirms with the price in view and a button
 * that says it pays (as German law wants of any order).
 */
export function PeriodSwitch(props: {
  api: ApiClient
  subscription: Subscription & { period: BillingPeriod }
  onAsked: (period: BillingPeriod) => void
}) {
  const { t, locale, formatLocale } = useI18n()
  const [confirming, setConfirming] = useState(false)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // The button and the confirmation replace each other: the keyboard's focus goes along, so it
  // is never left on nothing.
  const opener = useRef<HTMLButtonElement>(null)
  const question = useRef<HTMLParagraphElement>(null)
  const opened = useRef(false)
  useEffect(() => {
    if (confirming) question.current?.focus()
    else if (opened.current) opener.current?.focus()
    opened.current = confirming
  }, [confirming])
  const target: BillingPeriod = props.subscription.period === 'monthly' ? 'yearly' : 'monthly'
  const [amount, currency] = priceOf(
    target,
    props.subscription.currency,
    localeInfo(locale).currency,
  )
  const price = formatMoney(formatLocale, amount, currency, { trimZeroFraction: true })

  const change = async () => {
    if (pending) return
    setPending(true)
    setError(null)
    try {
      await props.api.api.billing.period.$post({ json: { period: target } })
      setConfirming(false)
      props.onAsked(target)
    } catch (failure) {
      setError(await messageOf(failure, locale))
    } finally {
      setPending(false)
    }
  }

  if (!confirming) {
    return (
      <button ref={opener} type="button" className="button" onClick={() => setConfirming(true)}>
        {t(`profile.plan.switchTo.${target}`)}
      </button>
    )
  }
  return (
    <div
      className="period-switch-confirm notice"
      role="group"
      aria-label={t(`profile.plan.switchTo.${target}`)}
    >
      <p ref={question} tabIndex={-1}>
        {t(`profile.plan.switchConfirm.${target}`, { price })}
      </p>
      <FormStatus error={error} />
      <div className="form-actions">
        <button
          type="button"
          className="button button--primary"
          aria-disabled={pending || undefined}
          onClick={() => void change()}
        >
          {pending ? t('profile.working') : t('profile.plan.switchPay', { price })}
        </button>
        <button type="button" className="button" onClick={() => setConfirming(false)}>
          {t('profile.cancel')}
        </button>
      </div>
    </div>
  )
}
