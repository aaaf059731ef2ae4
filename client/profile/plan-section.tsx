import { useCallback, useEffect, useRef, useState } from 'react'
import type { Billing, Invoice } from '../../shared/api/schemas'
import { apiData, type ApiClient } from '../api/api-client'
import { api } from '../api/browser-api'
import { useI18n } from '../app/i18n-context'
import { formatMoney, formatNumber } from '../../shared/i18n/format'
import { planById } from '../../shared/pricing/plans'
import { BuyProForm } from './buy-pro-form'
import { PeriodSwitch } from './period-switch'
import { messageOf } from './api-message'
import { FormStatus, ProfileSection } from './form-parts'
import { dayOf } from './profile-dates'

/** How often, and how many times, the section looks again while a change is on its way. */
const POLL_MS = 1_500
const POLL_TIMES = 40

/** What the section waits for after asking Paddle: the webhook that makes it true. */
type Awaited = { kind: 'pro' } | { kind: 'period'; period: 'monthly' | 'yearly' }

function arrived(billing: Billing, awaited: Awaited): boolean {
  return awaited.kind === 'pro'
    ? billing.plan === 'pro'
    : billing.subscription?.period === awaited.period
}

function PlanSummary({ billing }: { billing: Billing }) {
  const { t, formatLocale } = useI18n()
  const { subscription } = billing
  const free = planById('free').limits
  const day = (value: string | null) => dayOf(formatLocale, value)
  if (billing.plan === 'free') {
    return (
      <>
        <p>
          {t('profile.plan.free', {
            portfolios: formatNumber(formatLocale, free.portfolios ?? 0),
            transactions: formatNumber(formatLocale, free.transactionsPerPortfolio),
          })}
        </p>
        {subscription?.status === 'canceled' && subscription.canceledAt ? (
          <p>{t('profile.plan.ended', { date: day(subscription.canceledAt) })}</p>
        ) : null}
      </>
    )
  }
  if (!subscription || subscription.status === 'canceled') {
    return (
      <p>
        {billing.validUntil
          ? t('profile.plan.proUntil', { date: day(billing.validUntil) })
          : t('profile.plan.proGranted')}
      </p>
    )
  }
  return (
    <>
      <p>
        {subscription.period
          ? t(`profile.plan.proBilled.${subscription.period}`)
          : t('profile.plan.pro')}
      </p>
      {subscription.status === 'past_due' && subscription.graceUntil ? (
        <p className="notice notice--warning" role="status">
          {t('profile.plan.pastDue', { date: day(subscription.graceUntil) })}
        </p>
      ) : subscription.endsAt ? (
        <p>{t('profile.plan.endsOn', { date: day(subscription.endsAt) })}</p>
      ) : subscription.renewsAt ? (
        <p>{t('profile.plan.renewsOn', { date: day(subscription.renewsAt) })}</p>
      ) : null}
    </>
  )
}

function InvoiceList({ invoices, api }: { invoices: readonly Invoice[]; api: ApiClient }) {
  const { t, locale, formatLocale } = useI18n()
  const [error, setError] = useState<string | null>(null)
  const open = async (invoice: Invoice) => {
    setError(null)
    try {
      const { url } = await apiData(
        api.api.billing.invoices[':id'].$get({ param: { id: invoice.id } }),
      )
      window.location.assign(url)
    } catch (failure) {
      setError(await messageOf(failure, locale))
    }
  }
  return (
    <div className="invoices">
      <h3>{t('profile.plan.invoices.heading')}</h3>
      <ul className="invoices__list">
        {invoices.map((invoice) => (
          <li key={invoice.id} className="invoices__item">
            <span>{dayOf(formatLocale, invoice.billedAt)}</span>
            <span className="invoices__amount">
              {formatMoney(formatLocale, invoice.total, invoice.currency)}
            </span>
            {invoice.refund ? (
              <span className="invoices__refund">
                {t(`profile.plan.invoices.refund.${invoice.refund}`)}
              </span>
            ) : null}
            <button
              type="button"
              className="button button--small"
              onClick={() => void open(invoice)}
            >
              {invoice.number
                ? t('profile.plan.invoices.openNumbered', { number: invoice.number })
                : t('profile.plan.invoices.open')}
            </button>
          </li>
        ))}
      </ul>
      <FormStatus error={error} />
    </div>
  )
}

/** The plan: which one, how it is paid, its invoices; buying Pro, and managing it at Paddle. */
export function PlanSection() {
  const { t, locale } = useI18n()
  const [billing, setBilling] = useState<Billing | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [awaited, setAwaited] = useState<Awaited | null>(null)
  const [pending, setPending] = useState(false)
  const polls = useRef(0)

  const load = useCallback(async () => {
    try {
      setBilling(await apiData(api.api.billing.$get()))
    } catch (failure) {
      setError(await messageOf(failure, locale))
    }
  }, [api, locale])

  useEffect(() => {
    void load()
  }, [load])

  // Paddle tells us by webhook, a moment after the buyer saw its confirmation: look again
  // until the change is here.
  useEffect(() => {
    if (!awaited || !billing) return
    if (arrived(billing, awaited)) {
      setAwaited(null)
      setNotice(
        awaited.kind === 'pro' ? t('profile.plan.welcome') : t('profile.plan.periodChanged'),
      )
      return
    }
    if (polls.current >= POLL_TIMES) {
      setAwaited(null)
      setNotice(t('profile.plan.slow'))
      return
    }
    const timer = setTimeout(() => {
      polls.current += 1
      void load()
    }, POLL_MS)
    return () => clearTimeout(timer)
  }, [awaited, billing, load, t])

  const wait = (next: Awaited, message: string) => {
    polls.current = 0
    setNotice(message)
    setAwaited(next)
  }

  const openPortal = async () => {
    setPending(true)
    setError(null)
    try {
      const { url } = await apiData(api.api.billing.portal.$post())
      window.location.assign(url)
    } catch (failure) {
      setError(await messageOf(failure, locale))
    } finally {
      setPending(false)
    }
  }

  const subscription = billing?.subscription ?? null
  const running = subscription !== null && subscription.status !== 'canceled'
  return (
    <ProfileSection id="plan" title={t('profile.plan.heading')}>
      {billing ? (
        <PlanSummary billing={billing} />
      ) : error ? null : (
        <p className="profile-loading" aria-busy="true">
          {t('profile.loading')}
        </p>
      )}
      <FormStatus success={notice} error={error} />
      {billing && running ? (
        <div className="form-actions">
          <button
            type="button"
            className="button button--primary"
            aria-disabled={pending || undefined}
            onClick={() => void (pending ? undefined : openPortal())}
          >
            {pending ? t('profile.working') : t('profile.plan.manage')}
          </button>
          {subscription?.period && subscription.status === 'active' && !subscription.endsAt ? (
            <PeriodSwitch
              api={api}
              subscription={{ ...subscription, period: subscription.period }}
              onAsked={(period) => wait({ kind: 'period', period }, t('profile.plan.periodAsked'))}
            />
          ) : null}
        </div>
      ) : null}
      {billing && running ? (
        <p className="field__hint plan__hint">{t('profile.plan.manageHint')}</p>
      ) : null}
      {billing?.plan === 'free' && !awaited ? (
        running ? (
          // Paddle still bills a subscription that grants nothing: settle it before buying again.
          <p className="notice notice--warning">{t('profile.plan.refundedRunning')}</p>
        ) : billing.checkoutAvailable ? (
          <BuyProForm
            api={api}
            onPaid={() => wait({ kind: 'pro' }, t('profile.plan.activating'))}
          />
        ) : (
          <p className="notice">{t('profile.plan.unavailable')}</p>
        )
      ) : null}
      {billing && billing.invoices.length > 0 ? (
        <InvoiceList invoices={billing.invoices} api={api} />
      ) : null}
    </ProfileSection>
  )
}
