import type { QuoteStatus } from '../../api/schemas'
import { useI18n } from '../../app/i18n-context'
import { formatDateTime } from '../../i18n/format'
import type { Translator } from '../../i18n/translator'
import { useQuoteStatus } from '../data/portfolio-queries'

/**
 * The line that says where an instrument's prices come from: by hand (no provider, or one that
 * does not run here), the provider and when it last updated, or when and why its last attempt
 * failed (a failure newer than the last success). Times in the visitor's time zone.
 *
 * @example quoteSourceText(english, status) // { text: 'Prices from TEFAS · updated 11/25/26, 6:20 PM', failed: false }
 */
export function quoteSourceText(
  { t, locale }: Pick<Translator, 't' | 'locale'>,
  status: QuoteStatus,
): { text: string; failed: boolean } {
  if (status.provider === null) return { text: t('quotes.status.manual'), failed: false }
  const provider = t(`quotes.providers.${status.provider}`)
  if (!status.enabled) return { text: t('quotes.status.off', { provider }), failed: false }
  const { lastError, lastSuccessAt } = status
  if (
    lastError &&
    (lastSuccessAt === null || Date.parse(lastError.at) > Date.parse(lastSuccessAt))
  ) {
    const time = formatDateTime(locale, Date.parse(lastError.at))
    const reason = t(`quotes.errors.${lastError.code}`)
    return { text: t('quotes.status.failed', { provider, time, reason }), failed: true }
  }
  if (lastSuccessAt === null)
    return { text: t('quotes.status.pending', { provider }), failed: false }
  const time = formatDateTime(locale, Date.parse(lastSuccessAt))
  return { text: t('quotes.status.updated', { provider, time }), failed: false }
}

/**
 * Where the instrument's prices come from. Loaded by the browser after the page (the server does
 * not know the visitor's time zone); nothing shows until it has loaded.
 */
export function QuoteSource({ instrumentId }: { instrumentId: string }) {
  const translator = useI18n()
  const status = useQuoteStatus(instrumentId).data?.body
  if (!status) return null
  const { text, failed } = quoteSourceText(translator, status)
  return (
    <p className={failed ? 'quote-source quote-source--failed' : 'quote-source'}>
      <span className="visually-hidden">{translator.t('quotes.status.label')}: </span>
      {text}
    </p>
  )
}
