import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type FocusEvent } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { pricesWriteSchema } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { FormError } from '../../components/form-error'
import { FormField } from '../../components/form-field'
import { useFormSubmit } from '../../components/form-submit'
import type { FormatLocale } from '../../../shared/i18n/format-locale'
import { datePattern, formatDateInput, parseDateInput } from '../date-input'
import { decimalExample, parseDecimalInput } from '../../../shared/portfolio/decimal-input'
import { fieldErrorText, saveProblemOf } from '../form-errors'
import { usePutPrices } from '../data/portfolio-mutations'
import { useErrorMessage } from './query-status'

/**
 * The typed date and close read in the locale's formats (codes as the transaction form's:
 * `date.<code>`, `date.future`, `number.<code>`), then checked as one price of the API's
 * `pricesWriteSchema`.
 */
function priceEntrySchema(formatLocale: FormatLocale, today: string) {
  return z
    .object({ date: z.string(), close: z.string() })
    .transform((values, context) => {
      const issue = (field: 'date' | 'close', message: string) =>
        context.issues.push({ code: 'custom', path: [field], message, input: values[field] })
      const day = parseDateInput(values.date, formatLocale)
      if (!day.ok) issue('date', `date.${day.error}`)
      else if (day.value > today) issue('date', 'date.future')
      const close = parseDecimalInput(values.close, formatLocale)
      if (!close.ok) issue('close', `number.${close.error}`)
      return day.ok && close.ok ? { date: day.value, close: close.value } : z.NEVER
    })
    .pipe(pricesWriteSchema.shape.prices.element)
}

/**
 * A closing price typed by hand (for what no feed covers): the date and the close in the
 * locale's formats. A date entered again replaces that day's price.
 */
export function PriceEntryForm(props: { instrumentId: string; currency: string; today: string }) {
  const translator = useI18n()
  const { t, formatLocale } = translator
  const put = usePutPrices(props.instrumentId)
  const messageOf = useErrorMessage()
  const [schema] = useState(() => priceEntrySchema(formatLocale, props.today))
  const [startDate] = useState(() => formatDateInput(props.today, formatLocale))
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { date: startDate, close: '' },
  })
  const submit = useFormSubmit(form, {
    problemOf: (reason) => saveProblemOf(translator, reason, messageOf(reason)),
    fields: (path) => (path.endsWith('.date') ? 'date' : path.endsWith('.close') ? 'close' : null),
  })
  const { errors } = form.formState
  // A close of zero or less has a message of its own, clearer than the general one.
  const closeError =
    errors.close?.message === 'positive'
      ? t('portfolio.instrument.prices.closePositive')
      : fieldErrorText(translator, errors.close)

  return (
    <form
      className="form inline-form price-entry"
      onSubmit={submit.handle(async (price) => {
        await put.mutateAsync({ prices: [price] })
        form.resetField('close')
      })}
      noValidate
    >
      {/* The pattern in the label, as the currency is in the close's: the row stays aligned. */}
      <FormField
        label={t('portfolio.instrument.prices.date', { pattern: datePattern(translator) })}
        error={fieldErrorText(translator, errors.date)}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={startDate}
            placeholder={datePattern(translator)}
            {...form.register('date', {
              onBlur: (event: FocusEvent<HTMLInputElement>) => {
                const day = parseDateInput(event.target.value, formatLocale)
                if (day.ok) form.setValue('date', formatDateInput(day.value, formatLocale))
              },
            })}
          />
        )}
      </FormField>
      <FormField
        label={t('portfolio.instrument.prices.close', { currency: props.currency })}
        error={closeError}
      >
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            placeholder={decimalExample(formatLocale)}
            {...form.register('close')}
          />
        )}
      </FormField>
      <p className="form-status" role="status">
        {submit.done ? t('portfolio.instrument.prices.saved') : null}
      </p>
      <FormError message={submit.error} />
      <div className="actions">
        <button type="submit" className="button button--primary" aria-disabled={submit.pending}>
          {submit.pending ? t('portfolio.common.saving') : t('portfolio.instrument.prices.submit')}
        </button>
      </div>
    </form>
  )
}
