import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useMemo, useRef, useState, type FocusEvent } from 'react'
import { useController, useForm, useWatch } from 'react-hook-form'
import type { FxRate } from '../../shared/api/schemas/fx'
import type { Instrument, InstrumentCreate } from '../../shared/api/schemas/instrument'
import type { Portfolio } from '../../shared/api/schemas/portfolio'
import type { Transaction, TransactionWrite } from '../../shared/api/schemas/transaction'
import { useI18n } from '../app/i18n-context'
import { useUserTaxSettings } from '../auth/user-tax-settings'
import { useUserTimeZone } from '../auth/user-time-zone'
import { dayInZone } from '../../shared/time/day-in-zone'
import { formatDate } from '../../shared/i18n/format'
import type { MessageKey } from '../../shared/i18n/messages'
import { datePattern, formatDateInput, parseDateInput } from './date-input'
import { currencyChoices } from './currency-choices'
import { formatDecimalInput, parseDecimalInput } from '../../shared/portfolio/decimal-input'
import { FormError } from '../components/form-error'
import { FormField } from '../components/form-field'
import { useFormSubmit } from '../components/form-submit'
import { fieldErrorText, saveProblemOf, schemaErrorCode } from './form-errors'
import { useFxPrefill } from './fx-prefill'
import { InstrumentPicker } from './instrument-picker'
import { OwnInstrumentForm } from './own-instrument-form'
import { SaleTaxPreview, saleOfFields } from './sale-tax-preview'
import { TurkishSaleTaxPreview } from './turkish-sale-preview'
import { taxRouteOf } from '../tax/tax-route'
import {
  formFieldOf,
  initialFormValues,
  asksFxRate,
  isRequired,
  transactionFormSchema,
  transactionTypesFor,
  visibleFields,
  type FormField as FormFieldName,
  type TransactionFormValues,
} from './transaction-form-values'

export interface TransactionFormProps {
  portfolio: Pick<Portfolio, 'id' | 'baseCurrency' | 'recordsCash'>
  /** The saved transaction to edit; without it the form adds a new one. */
  initial?: Transaction
  /** Saves; rejecting with the API's error body (`ApiError`) shows its field errors in place. */
  onSubmit: (values: TransactionWrite) => Promise<void>
  onCancel: () => void
  searchInstruments: (query: string) => Promise<Instrument[]>
  /** Saves an instrument the user defined; rejects like `onSubmit`. */
  createInstrument: (instrument: InstrumentCreate) => Promise<Instrument>
  /** The published rate, `quote` units per 1 `base`, on or before `date`; null when none. */
  lookupFx: (base: string, quote: string, date: string) => Promise<FxRate | null>
}

type AmountType = keyof typeof AMOUNT_LABELS
const AMOUNT_LABELS = {
  DIVIDEND: 'portfolio.form.amountFor.DIVIDEND',
  INTEREST: 'portfolio.form.amountFor.INTEREST',
  FEE: 'portfolio.form.amountFor.FEE',
  FEE_REFUND: 'portfolio.form.amountFor.FEE_REFUND',
  TAX: 'portfolio.form.amountFor.TAX',
  TAX_REFUND: 'portfolio.form.amountFor.TAX_REFUND',
  DEPOSIT: 'portfolio.form.amountFor.DEPOSIT',
  WITHDRAWAL: 'portfolio.form.amountFor.WITHDRAWAL',
  EXCHANGE: 'portfolio.form.amountFor.EXCHANGE',
  SPLIT: 'portfolio.form.amountFor.SPLIT',
} as const satisfies Record<string, MessageKey>

/**
 * Adds or edits a transaction of any type, showing only the fields the type needs. What is
 * typed is validated by the API's own schema after its numbers and dates are read in the
 * user's locale, so a form that passes sends what the API accepts; errors the API still finds
 * come back beside their fields.
 */
export function TransactionForm(props: TransactionFormProps) {
  const translator = useI18n()
  const { t, formatLocale } = translator
  const { baseCurrency } = props.portfolio
  const types = transactionTypesFor(props.portfolio)
  // The user's day as the form opens, in their zone: the date a new transaction starts with and
  // the latest one the API accepts (it counts the same day).
  const { zone } = useUserTimeZone()
  const [today] = useState(() => dayInZone(new Date(), zone))
  const [instrument, setInstrument] = useState<Instrument | null>(props.initial?.instrument ?? null)
  const [defining, setDefining] = useState(false)
  const pickerInput = useRef<HTMLInputElement | null>(null)
  const defineButton = useRef<HTMLButtonElement | null>(null)

  const schema = useMemo(
    () => transactionFormSchema(formatLocale, baseCurrency, today),
    [formatLocale, baseCurrency, today],
  )
  const [defaults] = useState(() =>
    initialFormValues({ locale: formatLocale, baseCurrency, today, initial: props.initial, types }),
  )
  const form = useForm<TransactionFormValues, unknown, TransactionWrite>({
    resolver: zodResolver(schema, { error: schemaErrorCode }),
    defaultValues: defaults,
  })
  const { register, setValue, getValues, setFocus, formState } = form
  const { errors } = formState
  // It opens when a person asks for it: the focus goes to its first field.
  useEffect(() => setFocus('type'), [setFocus])
  const [type, currency, tradeDate, toCurrency] = useWatch({
    control: form.control,
    name: ['type', 'currency', 'tradeDate', 'toCurrency'],
  })
  const [instrumentId, quantity, unitPrice, fee, fxRate] = useWatch({
    control: form.control,
    name: ['instrumentId', 'quantity', 'unitPrice', 'fee', 'fxRate'],
  })
  const foreign = asksFxRate(type, currency, toCurrency, baseCurrency)
  // A sale added to a German depot or a Turkish resident's portfolio shows its tax.
  const tax = useUserTaxSettings()
  const taxRoute = type === 'SELL' && !props.initial ? taxRouteOf(props.portfolio, tax) : null
  const sale = useMemo(
    () =>
      taxRoute
        ? saleOfFields(
            {
              instrumentId,
              quantity,
              unitPrice,
              fee,
              tradeDate,
              // The Turkish tax converts at the TCMB's rate, never the one typed (rule 7).
              fxRate: foreign && taxRoute === 'germanTax' ? fxRate : null,
            },
            formatLocale,
            today,
          )
        : null,
    [
      taxRoute,
      instrumentId,
      quantity,
      unitPrice,
      fee,
      tradeDate,
      foreign,
      fxRate,
      formatLocale,
      today,
    ],
  )
  const tradeDay = parseDateInput(tradeDate, formatLocale)
  const shown = visibleFields(type, foreign)
  const picker = useController({ control: form.control, name: 'instrumentId' })

  const fx = useFxPrefill({
    lookupFx: props.lookupFx,
    currency,
    baseCurrency,
    date: tradeDay.ok ? tradeDay.value : '',
    active: foreign,
    read: () => getValues('fxRate'),
    write: (rate) => setValue('fxRate', formatDecimalInput(rate, formatLocale)),
  })

  const errorOf = (field: keyof TransactionFormValues) => fieldErrorText(translator, errors[field])

  /** An input of the form; its starting value is in the markup, so the server renders it too. */
  const field = (name: keyof TransactionFormValues) => ({
    ...register(name),
    defaultValue: defaults[name],
  })

  /** A number input: the locale's keyboard, and the text tidied to the locale's format on leaving. */
  const numberInput = (name: FormFieldName) => {
    const registered = field(name)
    return {
      ...registered,
      type: 'text',
      inputMode: 'decimal' as const,
      autoComplete: 'off',
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        const parsed = parseDecimalInput(event.currentTarget.value, formatLocale)
        if (parsed.ok) setValue(name, formatDecimalInput(parsed.value, formatLocale))
        return registered.onBlur(event)
      },
    }
  }

  /** A date input: digits on a phone's keyboard, the locale's pattern shown, tidied on leaving. */
  const dateInput = (name: 'tradeDate' | 'acquiredDate') => {
    const registered = field(name)
    return {
      ...registered,
      type: 'text',
      inputMode: 'numeric' as const,
      autoComplete: 'off',
      placeholder: datePattern(translator),
      onBlur: (event: FocusEvent<HTMLInputElement>) => {
        const parsed = parseDateInput(event.currentTarget.value, formatLocale)
        if (parsed.ok) setValue(name, formatDateInput(parsed.value, formatLocale))
        return registered.onBlur(event)
      },
    }
  }
  const dateHint = t('portfolio.date.hint', { pattern: datePattern(translator) })

  const chooseInstrument = (chosen: Instrument | null) => {
    setInstrument(chosen)
    picker.field.onChange(chosen?.id ?? '')
    // Every transaction of an instrument is in the currency it trades in.
    if (chosen) setValue('currency', chosen.currency)
  }

  const submit = useFormSubmit(form, {
    problemOf: (reason) => saveProblemOf(translator, reason, t('portfolio.form.failed')),
    // An error the API reports for a field the type hides is the form's own.
    fields: (path) => {
      const name = formFieldOf(path)
      return name && (name === 'tradeDate' || name === 'note' || shown.has(name)) ? name : null
    },
  })

  const money = (label: string) => `${label} (${currency})`
  const currencies = currencyChoices([baseCurrency, ...(instrument ? [instrument.currency] : [])])
  // An exchange receives a currency other than the one it gives.
  const toCurrencies = currencyChoices([baseCurrency]).filter((code) => code !== currency)
  // The one received, once it is the one given, is no choice left: chosen again.
  useEffect(() => {
    if (toCurrency !== '' && toCurrency === currency) setValue('toCurrency', '')
  }, [currency, toCurrency, setValue])
  const unitPriceLabel =
    type === 'TRANSFER_IN'
      ? t('portfolio.form.unitPriceCarried')
      : type === 'RIGHTS_ISSUE'
        ? t('portfolio.form.subscriptionPrice')
        : t('portfolio.form.unitPrice')
  const quantityLabel =
    type === 'BONUS_ISSUE'
      ? t('portfolio.form.bonusQuantity')
      : type === 'RIGHTS_ISSUE'
        ? t('portfolio.form.subscribedQuantity')
        : t('portfolio.form.quantity')
  const amountLabel =
    type in AMOUNT_LABELS ? t(AMOUNT_LABELS[type as AmountType]) : t('portfolio.form.amount')
  const taxLabel =
    type === 'DIVIDEND' || type === 'INTEREST'
      ? t('portfolio.form.taxWithheld')
      : t('portfolio.form.tax')
  const instrumentFixesCurrency = shown.has('instrumentId') && instrument !== null
  const showFixHint = formState.submitCount > 0 && Object.keys(errors).length > 0 && !submit.error

  return (
    <form className="form transaction-form" noValidate onSubmit={submit.handle(props.onSubmit)}>
      <div className="transaction-form__pair">
        <FormField label={t('portfolio.form.type')} error={errorOf('type')}>
          {(control) => (
            <select {...control} {...field('type')}>
              {types.map((option) => (
                <option key={option} value={option}>
                  {t(`portfolio.form.types.${option}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label={t('portfolio.form.tradeDate')}
          hint={dateHint}
          error={errorOf('tradeDate')}
        >
          {(control) => <input {...control} required {...dateInput('tradeDate')} />}
        </FormField>
      </div>

      {shown.has('instrumentId') ? (
        <div className="transaction-form__instrument">
          <InstrumentPicker
            label={
              isRequired(type, 'instrumentId')
                ? t('portfolio.form.instrument')
                : t('portfolio.form.instrumentOptional')
            }
            hint={t('portfolio.form.instrumentHint')}
            required={isRequired(type, 'instrumentId')}
            value={instrument}
            onChange={chooseInstrument}
            searchInstruments={props.searchInstruments}
            error={errorOf('instrumentId')}
            inputRef={(element) => {
              pickerInput.current = element
              picker.field.ref(element)
            }}
            onBlur={picker.field.onBlur}
          />
          {defining ? (
            <OwnInstrumentForm
              currency={currency}
              currencies={currencies}
              createInstrument={props.createInstrument}
              onCreated={(created) => {
                chooseInstrument(created)
                setDefining(false)
                requestAnimationFrame(() => pickerInput.current?.focus())
              }}
              onCancel={() => {
                setDefining(false)
                requestAnimationFrame(() => defineButton.current?.focus())
              }}
            />
          ) : (
            <button
              ref={defineButton}
              type="button"
              className="button--link transaction-form__define"
              onClick={() => setDefining(true)}
            >
              {t('portfolio.form.defineOwn')}
            </button>
          )}
        </div>
      ) : null}

      {instrumentFixesCurrency && !shown.has('fxRate') ? null : (
        <div className="transaction-form__pair">
          {instrumentFixesCurrency ? null : (
            <FormField
              label={
                type === 'EXCHANGE'
                  ? t('portfolio.form.currencyGiven')
                  : t('portfolio.form.currency')
              }
              error={errorOf('currency')}
            >
              {(control) => (
                <select {...control} {...field('currency')}>
                  {currencies.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          {shown.has('fxRate') ? (
            <FormField
              label={t('portfolio.form.fxRate', { base: baseCurrency, quote: currency })}
              error={errorOf('fxRate')}
              hint={
                fx.state === 'looking'
                  ? t('portfolio.form.fxRateLooking')
                  : fx.state === 'found'
                    ? t('portfolio.form.fxRateFound', {
                        date: formatDate(formatLocale, fx.rate.rateDate),
                        source: fx.rate.source,
                      })
                    : fx.state === 'missing'
                      ? t('portfolio.form.fxRateMissing')
                      : undefined
              }
            >
              {(control) => <input {...control} {...numberInput('fxRate')} />}
            </FormField>
          ) : null}
        </div>
      )}

      {shown.has('quantity') || shown.has('unitPrice') ? (
        <div className="transaction-form__pair">
          {shown.has('quantity') ? (
            <FormField label={quantityLabel} error={errorOf('quantity')}>
              {(control) => <input {...control} required {...numberInput('quantity')} />}
            </FormField>
          ) : null}
          {shown.has('unitPrice') ? (
            <FormField label={money(unitPriceLabel)} error={errorOf('unitPrice')}>
              {(control) => <input {...control} required {...numberInput('unitPrice')} />}
            </FormField>
          ) : null}
        </div>
      ) : null}

      {shown.has('splitRatio') ? (
        <FormField
          label={t('portfolio.form.splitRatio')}
          hint={t('portfolio.form.splitRatioHint')}
          error={errorOf('splitRatio')}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              placeholder="2:1"
              required
              {...field('splitRatio')}
            />
          )}
        </FormField>
      ) : null}

      {shown.has('amount') ? (
        <FormField label={money(amountLabel)} error={errorOf('amount')}>
          {(control) => (
            <input {...control} required={isRequired(type, 'amount')} {...numberInput('amount')} />
          )}
        </FormField>
      ) : null}

      {shown.has('toCurrency') ? (
        <div className="transaction-form__pair">
          <FormField label={t('portfolio.form.toCurrency')} error={errorOf('toCurrency')}>
            {(control) => (
              <select {...control} required {...field('toCurrency')}>
                <option value="" />
                {toCurrencies.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            label={
              toCurrency
                ? `${t('portfolio.form.toAmount')} (${toCurrency})`
                : t('portfolio.form.toAmount')
            }
            error={errorOf('toAmount')}
          >
            {(control) => <input {...control} required {...numberInput('toAmount')} />}
          </FormField>
        </div>
      ) : null}

      {shown.has('fee') ? (
        <div className="transaction-form__pair">
          <FormField label={money(t('portfolio.form.fee'))} error={errorOf('fee')}>
            {(control) => <input {...control} {...numberInput('fee')} />}
          </FormField>
          <FormField label={money(taxLabel)} error={errorOf('tax')}>
            {(control) => <input {...control} {...numberInput('tax')} />}
          </FormField>
        </div>
      ) : null}

      {shown.has('acquiredDate') ? (
        <div className="transaction-form__pair">
          <FormField
            label={t('portfolio.form.acquiredDate')}
            hint={dateHint}
            error={errorOf('acquiredDate')}
          >
            {(control) => <input {...control} required {...dateInput('acquiredDate')} />}
          </FormField>
          {shown.has('acquisitionFxRate') ? (
            <FormField
              label={t('portfolio.form.acquisitionFxRate')}
              error={errorOf('acquisitionFxRate')}
            >
              {(control) => <input {...control} {...numberInput('acquisitionFxRate')} />}
            </FormField>
          ) : null}
        </div>
      ) : null}

      <FormField label={t('portfolio.form.note')} error={errorOf('note')}>
        {(control) => <input {...control} type="text" maxLength={500} {...field('note')} />}
      </FormField>

      {sale && taxRoute === 'germanTax' ? (
        <SaleTaxPreview portfolioId={props.portfolio.id} sale={sale} saving={submit.pending} />
      ) : null}
      {sale && taxRoute === 'turkishTax' ? (
        <TurkishSaleTaxPreview
          portfolioId={props.portfolio.id}
          sale={sale}
          saving={submit.pending}
        />
      ) : null}

      <FormError message={submit.error} />
      {showFixHint ? <p className="field__error">{t('portfolio.form.fixFields')}</p> : null}
      <div className="form-actions">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={submit.pending || undefined}
        >
          {submit.pending
            ? t('portfolio.form.working')
            : props.initial
              ? t('portfolio.form.submitSave')
              : t('portfolio.form.submitAdd')}
        </button>
        <button type="button" className="button" onClick={props.onCancel}>
          {t('portfolio.form.cancel')}
        </button>
      </div>
    </form>
  )
}
