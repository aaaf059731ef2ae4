import { useId, useState, type FormEvent } from 'react'
import { apiData, type ApiClient } from '../api/api-client'
import { useI18n } from '../app/i18n-context'
import { runCheckout } from '../billing/paddle-js'
import { formatMoney, formatNumber } from '../../shared/i18n/format'
import { localeInfo } from '../../shared/i18n/locales'
import { buildPath } from '../../shared/routes/build-path'
import { BILLING_PERIODS, planById, type BillingPeriod } from '../../shared/pricing/plans'
import { SITE } from '../../shared/site/site'
import { FormStatus, SubmitButton } from './form-parts'
import { messageOf } from './api-message'

/** The period the pricing page asked for (`?period=yearly`), monthly otherwise. */
function periodFromAddress(): BillingPeriod {
  if (typeof window === 'undefined') return 'monthly'
  return new URLSearchParams(window.location.search).get('period') === 'yearly'
    ? 'yearly'
    : 'monthly'
}

/**
 * Buying Pro: the billing period, the facts a buyer must see before paying (the pre-contract
 * information of EU and Turkish distance-selling law), the consent that Pro starts at once, and
 * Paddle's checkout. `onPaid` runs once the buyer paid; the plan changes when Paddle's webhook
 * arrives.
 */
export function BuyProForm({ api, onPaid }: { api: ApiClient; onPaid: () => void }) {
  const { t, locale } = useI18n()
  const id = useId()
  const [period, setPeriod] = useState<BillingPeriod>(periodFromAddress)
  const [consent, setConsent] = useState(false)
  const [consentMissing, setConsentMissing] = useState(false)
  const [pending, setPending] = useState(false)
  const [status, setStatus] = useState<{ success?: string; error?: string } | null>(null)
  const currency = localeInfo(locale).currency
  const pro = planById('pro')
  const prices = pro.prices!
  const priceOf = (value: BillingPeriod) =>
    formatMoney(locale, prices[value][currency], currency, { trimZeroFraction: true })
  const price = priceOf(period)
  const perPeriod = t(period === 'monthly' ? 'profile.plan.perMonth' : 'profile.plan.perYear', {
    price,
  })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (pending) return
    if (!consent) {
      setConsentMissing(true)
      document.getElementById(`${id}-consent`)?.focus()
      return
    }
    setPending(true)
    setStatus(null)
    try {
      const checkout = await apiData(
        api.api.billing.checkout.$post({ json: { period, startNow: true } }),
      )
      const outcome = await runCheckout(checkout, locale)
      if (outcome === 'completed') onPaid()
      else setStatus({ success: t('profile.plan.checkoutClosed') })
    } catch (error) {
      setStatus({ error: await messageOf(error, locale) })
    } finally {
      setPending(false)
    }
  }

  const terms = buildPath('terms', locale)
  return (
    <form className="form buy-pro" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="choice-group">
        <legend>{t('profile.plan.periodLegend')}</legend>
        {BILLING_PERIODS.map((value) => (
          <div key={value} className="field field--check">
            <input
              id={`${id}-period-${value}`}
              type="radio"
              name={`${id}-period`}
              value={value}
              checked={period === value}
              onChange={() => setPeriod(value)}
            />
            <label htmlFor={`${id}-period-${value}`}>
              {t(value === 'monthly' ? 'profile.plan.perMonth' : 'profile.plan.perYear', {
                price: priceOf(value),
              })}
              {value === 'yearly' ? ` (${t('profile.plan.yearlyNote')})` : null}
            </label>
          </div>
        ))}
      </fieldset>
      <details className="buy-pro__facts">
        <summary>{t('profile.plan.facts.summary')}</summary>
        <ul>
          <li>{t('profile.plan.facts.seller', { operator: SITE.operator })}</li>
          <li>
            {t('profile.plan.facts.service', {
              portfolios: formatNumber(locale, pro.limits.portfolios ?? 0),
              transactions: formatNumber(locale, pro.limits.transactionsPerPortfolio),
            })}
          </li>
          <li>{t('profile.plan.facts.price', { price: perPeriod })}</li>
          <li>
            {t(
              period === 'monthly'
                ? 'profile.plan.facts.renewMonthly'
                : 'profile.plan.facts.renewYearly',
            )}
          </li>
          <li>{t('profile.plan.facts.cancel')}</li>
          <li>{t('profile.plan.facts.withdrawal')}</li>
          <li>
            {t('profile.plan.facts.contact', { email: SITE.contactEmail })}{' '}
            <a href={terms}>{t('profile.plan.facts.terms')}</a>
          </li>
        </ul>
      </details>
      <div className="field field--check">
        <input
          id={`${id}-consent`}
          type="checkbox"
          checked={consent}
          aria-invalid={consentMissing && !consent ? true : undefined}
          aria-describedby={consentMissing && !consent ? `${id}-consent-error` : undefined}
          onChange={(event) => setConsent(event.target.checked)}
        />
        <label htmlFor={`${id}-consent`}>{t('profile.plan.consent')}</label>
        {consentMissing && !consent ? (
          <p id={`${id}-consent-error`} className="field__error">
            {t('profile.plan.consentMissing')}
          </p>
        ) : null}
      </div>
      <FormStatus success={status?.success ?? null} error={status?.error ?? null} />
      <div className="form-actions">
        <SubmitButton pending={pending} label={t('profile.plan.buy', { price: perPeriod })} />
      </div>
    </form>
  )
}
