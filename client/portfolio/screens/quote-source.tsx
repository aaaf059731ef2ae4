import type { QuoteStatus } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { formatDate, formatDateTime } from '../../../shared/i18n/format'
import type { Translator } from '../../../shared/i18n/translator'
import { listingVenue } from '../../../shared/portfolio/price-providers'
import type { PriceRefresh } from '../../../shared/api/schemas'
import { useRefreshPrices } from '../data/portfolio-mutations'
import { useOnline, useQuoteStatus } from '../data/portfolio-queries'
import { useErrorMessage } from './query-status'

type Provided = QuoteStatus & { provider: NonNullable<QuoteStatus['provider']> }

/**
 * What the prices are, in plain words: a fund's daily unit price from TEFAS, a coin's price at
 * the end of the UTC day, or the closing price of the exchange the symbol is listed on. The
 * provider is named after it, as secondary information (TEFAS is already named).
 */
function sourceWords({ t }: Pick<Translator, 't'>, status: Provided, date: string | null): string {
  const { provider, symbol } = status
  const venue = symbol === null ? null : listingVenue(provider, symbol)
  const source =
    provider === 'tefas'
      ? t('quotes.source.fund')
      : provider === 'coingecko'
        ? t('quotes.source.crypto')
        : venue === null
          ? t('quotes.source.exchange')
          : t('quotes.source.venue', { venue: t(`quotes.venues.${venue}`) })
  const dated = date === null ? source : t('quotes.status.latest', { source, date })
  if (provider === 'tefas') return dated
  return t('quotes.status.via', { source: dated, provider: t(`quotes.providers.${provider}`) })
}

/**
 * The line that says where an instrument's prices come from, in plain words: by hand (no
 * provider, or one that does not run here) and where to enter one; else what the price is, which
 * market it comes from and the day of the newest close, or that the first is on its way; and,
 * when the provider's last attempt failed (a failure newer than its last success), why, that it
 * is tried again each night, and that a price can be entered by hand meanwhile. The close's day
 * is a calendar date; the failure's time is in the visitor's time zone.
 *
 * @example quoteSourceText(english, status) // { text: 'Xetra closing price, 11/27/26 (via Yahoo Finance)', failed: false }
 */
export function quoteSourceText(
  translator: Pick<Translator, 't' | 'formatLocale'>,
  status: QuoteStatus,
): { text: string; failed: boolean } {
  const { t, formatLocale } = translator
  if (status.provider === null) return { text: t('quotes.status.manual'), failed: false }
  if (!status.enabled) return { text: t('quotes.status.off'), failed: false }
  const { lastError, lastSuccessAt, latestClose } = status
  const source = sourceWords(
    translator,
    { ...status, provider: status.provider },
    latestClose === null ? null : formatDate(formatLocale, latestClose.date),
  )
  if (
    lastError &&
    (lastSuccessAt === null || Date.parse(lastError.at) > Date.parse(lastSuccessAt))
  ) {
    const time = formatDateTime(formatLocale, Date.parse(lastError.at))
    const reason = t(`quotes.errors.${lastError.code}`)
    return { text: t('quotes.status.failed', { source, time, reason }), failed: true }
  }
  if (latestClose === null) return { text: t('quotes.status.pending', { source }), failed: false }
  return { text: source, failed: false }
}

/**
 * Where the instrument's prices come from. Loaded by the browser after the page (the server does
 * not know the visitor's time zone); nothing shows until it has loaded.
 */
export function QuoteSource({ instrumentId }: { instrumentId: string }) {
  const translator = useI18n()
  const status = useQuoteStatus(instrumentId).data?.body
  const online = useOnline()
  if (!status) return null
  const { text, failed } = quoteSourceText(translator, status)
  return (
    <>
      <p className={failed ? 'quote-source quote-source--failed' : 'quote-source'}>
        <span className="visually-hidden">{translator.t('quotes.status.label')}: </span>
        {text}
      </p>
      {status.provider !== null && status.enabled && online ? (
        <RefreshPrices instrumentId={instrumentId} />
      ) : null}
    </>
  )
}

/** What asking the price service now did, in words. */
export function refreshOutcomeText(
  { t }: Pick<Translator, 't'>,
  outcome: Pick<PriceRefresh, 'changed' | 'error'>,
): string {
  if (outcome.error !== null) {
    return t('quotes.refresh.failed', { reason: t(`quotes.errors.${outcome.error}`) })
  }
  return outcome.changed === 0
    ? t('quotes.refresh.unchanged')
    : t('quotes.refresh.done', { count: outcome.changed })
}

/** "Refresh prices now": asks the price service at once, and says what came of it. */
function RefreshPrices({ instrumentId }: { instrumentId: string }) {
  const translator = useI18n()
  const refresh = useRefreshPrices(instrumentId)
  const messageOf = useErrorMessage()
  const outcome = refresh.isPending
    ? translator.t('quotes.refresh.working')
    : refresh.error
      ? messageOf(refresh.error)
      : refresh.data
        ? refreshOutcomeText(translator, refresh.data)
        : ''
  return (
    <div className="quote-refresh">
      <button
        type="button"
        className="button button--small"
        aria-disabled={refresh.isPending}
        onClick={() => {
          if (!refresh.isPending) refresh.mutate()
        }}
      >
        {translator.t('quotes.refresh.button')}
      </button>
      <p className="quote-refresh__outcome" role="status">
        {outcome}
      </p>
    </div>
  )
}
