import { useEffect, useId, useState } from 'react'
import { useStartPath } from '../auth/use-start-path'
import { useCheckout } from '../app/checkout-context'
import { openPaymentLink } from '../billing/paddle-js'
import { useI18n } from '../app/i18n-context'
import { formatMoney, formatNumber } from '../../shared/i18n/format'
import { localeInfo } from '../../shared/i18n/locales'
import { buildPath } from '../../shared/routes/build-path'
import {
  BILLING_PERIODS,
  PLAN_FEATURES,
  PLANS,
  type BillingPeriod,
  type Plan,
} from '../../shared/pricing/plans'
import { definePage } from './page-definition'

function PlanPrice({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const { t, locale, formatLocale } = useI18n()
  if (!plan.prices)
    return (
      <p className="plan__price">
        <span className="plan__amount">{t('pricing.free')}</span>
      </p>
    )
  const currency = localeInfo(locale).currency
  return (
    <p className="plan__price">
      <span className="plan__amount">
        {formatMoney(formatLocale, plan.prices[period][currency], currency, {
          trimZeroFraction: true,
        })}
      </span>{' '}
      <span className="plan__period">
        {period === 'monthly' ? t('pricing.perMonth') : t('pricing.perYear')}
      </span>
    </p>
  )
}

function PlanCard({ plan, period }: { plan: Plan; period: BillingPeriod }) {
  const { t, plural, locale, formatLocale } = useI18n()
  const startPath = useStartPath()
  const checkout = useCheckout()
  const headingId = `plan-${plan.id}`
  const { portfolios, transactionsPerPortfolio } = plan.limits
  return (
    <li className="plan card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`pricing.plans.${plan.id}.name`)}</h2>
      <p>{t(`pricing.plans.${plan.id}.tagline`)}</p>
      <PlanPrice plan={plan} period={period} />
      <ul className="plan__limits">
        {portfolios !== null && <li>{plural('pricing.limitPortfolios', portfolios)}</li>}
        <li>
          {t('pricing.limitTransactions', {
            count: formatNumber(formatLocale, transactionsPerPortfolio),
          })}
        </li>
      </ul>
      {plan.id === 'free' ? (
        <a className="button button--primary" href={startPath}>
          {t('pricing.plans.free.cta')}
        </a>
      ) : checkout ? (
        <a
          className="button button--primary"
          href={`${buildPath('profile', locale)}?period=${period}#plan`}
        >
          {t('pricing.plans.pro.cta')}
        </a>
      ) : (
        <p className="plan__unavailable">{t('pricing.plans.pro.unavailable')}</p>
      )}
    </li>
  )
}

/** A link of Paddle's to a transaction (`?_ptxn=`) opens its checkout here, where it points. */
function usePaymentLink() {
  const checkout = useCheckout()
  const { locale } = useI18n()
  useEffect(() => {
    if (!checkout || !new URLSearchParams(window.location.search).has('_ptxn')) return
    const plan = `${buildPath('profile', locale)}#plan`
    openPaymentLink(checkout, () => window.location.assign(plan)).catch(() => undefined)
  }, [checkout, locale])
}

function PricingPage() {
  const { t } = useI18n()
  const [period, setPeriod] = useState<BillingPeriod>('monthly')
  const groupName = useId()
  usePaymentLink()
  return (
    <section className="pricing" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        {t('pricing.heading')}
      </h1>
      <p className="lead">{t('pricing.lead')}</p>
      <fieldset className="period-switch">
        <legend>{t('pricing.billingPeriod')}</legend>
        {BILLING_PERIODS.map((value) => (
          <label key={value} className="period-switch__option">
            <input
              type="radio"
              name={groupName}
              value={value}
              checked={period === value}
              onChange={() => setPeriod(value)}
            />
            <span>
              {t(`pricing.${value}`)}
              {value === 'yearly' && (
                <span className="period-switch__note"> ({t('pricing.yearlySaving')})</span>
              )}
            </span>
          </label>
        ))}
      </fieldset>
      <ul className="plans">
        {PLANS.map((plan) => (
          <PlanCard key={plan.id} plan={plan} period={period} />
        ))}
      </ul>
      <p className="pricing__vat">{t('pricing.pricesIncludeVat')}</p>
      <section className="section" aria-labelledby="included-heading">
        <h2 id="included-heading">{t('pricing.includedTitle')}</h2>
        <ul className="checklist">
          {PLAN_FEATURES.map((feature) => (
            <li key={feature}>{t(`pricing.features.${feature}`)}</li>
          ))}
        </ul>
      </section>
    </section>
  )
}

export default definePage({ Component: PricingPage })
