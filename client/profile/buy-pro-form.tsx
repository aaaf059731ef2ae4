import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { apiData, type ApiClient } from '../api/api-client'
import { useI18n } from '../app/i18n-context'
import { runCheckout } from '../billing/paddle-js'
import { FormField } from '../components/form-field'
import { useFormSubmit } from '../components/form-submit'
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

/** The period, and the consent that Pro starts at once, without which nothing is sent. */
const buyProSchema = z.object({
  period: z.enum(BILLING_PERIODS),
  consent: z.boolean().refine((given) => given, 'consent'),
})

/**
 * Buying Pro: the billing period, the facts a buyer must see before paying (the pre-contract
 * information of EU and Turkish distance-selling law), the consent that Pro starts at once, and
 * Paddle's checkout. `onPaid` runs once the buyer paid; the plan changes when Paddle's webhook
 * arrives.
 */
export function BuyProForm({ api, onPaid }: { api: ApiClient; onPaid: () => void }) {
  const { t, locale, formatLocale } = useI18n()
  const id = useId()
  const [initialPeriod] = useState<BillingPeriod>(periodFromAddress)
  const form = useForm({
    resolver: zodResolver(buyProSchema),
    defaultValues: { period: initialPeriod, consent: false },
  })
  const submit = useFormSubmit(form, {
    problemOf: async (reason) => ({ message: await messageOf(reason, locale), fields: [] }),
    fields: [],
  })
  const period = useWatch({ control: form.control, name: 'period' })
  const [closed, setClosed] = useState(false)
  const currency = localeInfo(locale).currency
  const pro = planById('pro')
  const prices = pro.prices!
  const priceOf = (value: BillingPeriod) =>
    formatMoney(formatLocale, prices[value][currency], currency, { trimZeroFraction: true })
  const price = priceOf(period)
  const perPeriod = t(period === 'monthly' ? 'profile.plan.perMonth' : 'profile.plan.perYear', {
    price,
  })

  const buy = async (values: z.output<typeof buyProSchema>) => {
    setClosed(false)
    const checkout = await apiData(
      api.api.billing.checkout.$post({ json: { period: values.period, startNow: true } }),
    )
    if ((await runCheckout(checkout, locale)) === 'completed') onPaid()
    else setClosed(true)
  }

  const terms = buildPath('terms', locale)
  return (
    <form className="form buy-pro" onSubmit={submit.handle(buy)} noValidate>
      <fieldset className="choice-group">
        <legend>{t('profile.plan.periodLegend')}</legend>
        {BILLING_PERIODS.map((value) => (
          <div key={value} className="field field--check">
            <input
              id={`${id}-period-${value}`}
              type="radio"
              value={value}
              defaultChecked={value === initialPeriod}
              {...form.register('period')}
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
              portfolios: formatNumber(formatLocale, pro.limits.portfolios ?? 0),
              transactions: formatNumber(formatLocale, pro.limits.transactionsPerPortfolio),
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
      <FormField
        check
        label={t('profile.plan.consent')}
        error={form.formState.errors.consent ? t('profile.plan.consentMissing') : null}
      >
        {(control) => <input {...control} type="checkbox" {...form.register('consent')} />}
      </FormField>
      <FormStatus success={closed ? t('profile.plan.checkoutClosed') : null} error={submit.error} />
      <div className="form-actions">
        <SubmitButton
          pending={submit.pending}
          label={t('profile.plan.buy', { price: perPeriod })}
        />
      </div>
    </form>
  )
}
