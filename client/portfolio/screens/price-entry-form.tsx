import { useId, useState, type FormEvent } from 'react'
import { useI18n } from '../../app/i18n-context'
import type { MessageKey } from '../../../shared/i18n/messages'
import { formatDateInput, parseDateInput } from '../date-input'
import { decimalExample, parseDecimalInput } from '../../../shared/portfolio/decimal-input'
import { dateErrorText } from '../form-errors'
import { usePutPrices } from '../data/portfolio-mutations'
import { useErrorMessage } from './query-status'

/**
 * A closing price typed by hand (for what no feed covers): the date and the close in the
 * locale's formats. A date entered again replaces that day's price.
 */
export function PriceEntryForm(props: { instrumentId: string; currency: string; today: string }) {
  const translator = useI18n()
  const { t, locale } = translator
  const id = useId()
  const put = usePutPrices(props.instrumentId)
  const messageOf = useErrorMessage()
  const [date, setDate] = useState(() => formatDateInput(props.today, locale))
  const [close, setClose] = useState('')
  const [error, setError] = useState<{ field: 'date' | 'close'; text: string } | null>(null)
  const [saved, setSaved] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (put.isPending) return
    setSaved(false)
    const day = parseDateInput(date, locale)
    if (!day.ok || day.value > props.today) {
      setError({ field: 'date', text: dateErrorText(translator, day.ok ? 'future' : day.error) })
      return
    }
    const parsed = parseDecimalInput(close, locale)
    if (!parsed.ok || !/[1-9]/.test(parsed.value)) {
      const reason = parsed.ok ? 'negative' : parsed.error
      setError({
        field: 'close',
        text: parsed.ok
          ? t('portfolio.instrument.prices.closePositive')
          : t(`portfolio.number.errors.${reason}` as MessageKey, {
              example: decimalExample(locale),
            }),
      })
      return
    }
    setError(null)
    const done = await put
      .mutateAsync({ prices: [{ date: day.value, close: parsed.value }] })
      .then(() => true)
      .catch(() => false)
    if (done) {
      setClose('')
      setSaved(true)
    }
  }

  const fieldError = (field: 'date' | 'close') =>
    error?.field === field ? (
      <p id={`${id}-${field}-error`} className="field__error">
        {error.text}
      </p>
    ) : null

  return (
    <form
      className="form inline-form price-entry"
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <div className="field">
        {/* The pattern in the label, as the currency is in the close's: the row stays aligned. */}
        <label htmlFor={`${id}-date`}>
          {t('portfolio.instrument.prices.date', { pattern: t('portfolio.date.pattern') })}
        </label>
        <input
          id={`${id}-date`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={date}
          placeholder={t('portfolio.date.pattern')}
          onChange={(event) => setDate(event.target.value)}
          onBlur={() => {
            const day = parseDateInput(date, locale)
            if (day.ok) setDate(formatDateInput(day.value, locale))
          }}
          aria-invalid={error?.field === 'date' ? true : undefined}
          aria-describedby={error?.field === 'date' ? `${id}-date-error` : undefined}
        />
        {fieldError('date')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-close`}>
          {t('portfolio.instrument.prices.close', { currency: props.currency })}
        </label>
        <input
          id={`${id}-close`}
          inputMode="decimal"
          autoComplete="off"
          value={close}
          placeholder={decimalExample(locale)}
          onChange={(event) => setClose(event.target.value)}
          aria-invalid={error?.field === 'close' ? true : undefined}
          aria-describedby={error?.field === 'close' ? `${id}-close-error` : undefined}
        />
        {fieldError('close')}
      </div>
      <p className="form-status" role="status">
        {saved ? t('portfolio.instrument.prices.saved') : null}
      </p>
      {put.isError ? (
        <p className="notice notice--error" role="alert">
          {messageOf(put.error)}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="button button--primary" aria-disabled={put.isPending}>
          {put.isPending ? t('portfolio.common.saving') : t('portfolio.instrument.prices.submit')}
        </button>
      </div>
    </form>
  )
}
