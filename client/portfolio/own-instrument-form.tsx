import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useRef, type ChangeEvent, type KeyboardEvent } from 'react'
import { useForm, type FieldPath, type Resolver } from 'react-hook-form'
import type { z } from 'zod'
import {
  instrumentCreateSchema,
  type Instrument,
  type InstrumentCreate,
} from '../../shared/api/schemas/instrument'
import { useI18n } from '../app/i18n-context'
import { FormError } from '../components/form-error'
import { FormField } from '../components/form-field'
import { useFormSubmit } from '../components/form-submit'
import { fieldErrorText, saveProblemOf, schemaErrorCode } from './form-errors'
import { isinCountry } from '../../shared/portfolio/countries'
import { isValidIsin } from '../../shared/portfolio/isin'
import { INSTRUMENT_TYPES, isFundInstrumentType } from '../../shared/portfolio/portfolio-kinds'
import { PRICE_PROVIDERS, type PriceProvider } from '../../shared/portfolio/price-providers'
import {
  CountryOptions,
  countryValue,
  FundTypeOptions,
  fundTypeValue,
  useCountryChoices,
} from './tax-attribute-options'

/** What the inputs hold: the schema's input, empty optional texts read as null. */
type OwnInstrumentValues = z.input<typeof instrumentCreateSchema>

const FIELDS: readonly FieldPath<OwnInstrumentValues>[] = [
  'code',
  'name',
  'type',
  'currency',
  'exchange',
  'isin',
  'country',
  'fundType',
  'priceProvider',
  'priceSymbol',
]

/**
 * What the form sends: a TEFAS fund is priced under its fund code, which is also its code here,
 * so the form asks for it once and sends it as the symbol too.
 */
export function withFundSymbol(values: OwnInstrumentValues): OwnInstrumentValues {
  return values.priceProvider === 'tefas' ? { ...values, priceSymbol: values.code } : values
}

/**
 * What the form sends of the fund type: the field shows for funds and ETFs only, and one chosen
 * before the kind changed to another is not sent.
 */
export function withFundTypeOfFunds(values: OwnInstrumentValues): OwnInstrumentValues {
  return isFundInstrumentType(values.type) ? values : { ...values, fundType: null }
}

/** The API's schema over the form's values; a fund's symbol is its code, and so are its errors. */
function ownInstrumentResolver(): Resolver<OwnInstrumentValues, unknown, InstrumentCreate> {
  const resolve = zodResolver(instrumentCreateSchema, { error: schemaErrorCode })
  return async (values, context, options) => {
    const result = await resolve(withFundTypeOfFunds(withFundSymbol(values)), context, options)
    const { priceSymbol, ...others } = result.errors
    if (values.priceProvider !== 'tefas' || !priceSymbol || others.code) return result
    return { values: {}, errors: { ...others, code: priceSymbol } }
  }
}

export interface OwnInstrumentFormProps {
  /** The currency it starts with: the transaction's. */
  currency: string
  /** The price source it starts with; none (prices by hand) unless given. */
  priceProvider?: PriceProvider | null
  currencies: readonly string[]
  createInstrument: (instrument: InstrumentCreate) => Promise<Instrument>
  onCreated: (instrument: Instrument) => void
  onCancel: () => void
}

/**
 * Defines an instrument of the user's own, validated by the API's `instrumentCreateSchema`: with
 * what the tax figures read of it, the issuer's country (its ISIN's unless another is chosen) and
 * a fund's type.
 * It sits inside the transaction form, where a form of its own is not allowed, so it is a
 * group whose button and Enter key save it without submitting the transaction.
 */
export function OwnInstrumentForm(props: OwnInstrumentFormProps) {
  const translator = useI18n()
  const { t } = translator
  const headingId = useId()
  const form = useForm<OwnInstrumentValues, unknown, InstrumentCreate>({
    resolver: ownInstrumentResolver(),
    defaultValues: {
      code: '',
      name: '',
      type: 'FUND',
      currency: props.currency,
      exchange: '',
      isin: '',
      country: null,
      fundType: null,
      priceProvider: props.priceProvider ?? null,
      priceSymbol: '',
    },
  })
  const provider = form.watch('priceProvider')
  const isFund = isFundInstrumentType(form.watch('type'))
  // Whether the user picked a country: the ISIN's no longer replaces it.
  const countryChosen = useRef(false)
  // The form opens in the browser, which names the countries at once.
  const countries = useCountryChoices()
  // A fund's code is its symbol at TEFAS: asked for once (withFundSymbol).
  const fund = provider === 'tefas'
  const { errors } = form.formState
  const errorOf = (field: FieldPath<OwnInstrumentValues>) =>
    fieldErrorText(translator, errors[field])

  const submit = useFormSubmit(form, {
    problemOf: (reason) => saveProblemOf(translator, reason, t('portfolio.form.failed')),
    fields: (path) =>
      fund && path === 'priceSymbol' ? 'code' : (FIELDS.find((name) => name === path) ?? null),
  })
  const save = submit.handle(async (values) =>
    props.onCreated(
      await props.createInstrument({
        ...values,
        exchange: values.exchange || null,
        isin: values.isin || null,
      }),
    ),
  )

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault()
      void save()
    }
  }

  // Empty optional texts become null: the schema reads null as "not given".
  const optional = { setValueAs: (text: string) => (text.trim() === '' ? null : text) }
  /** A text input of the form: nothing for the browser to fill in from elsewhere. */
  const text = (name: FieldPath<OwnInstrumentValues>, options?: typeof optional) => ({
    type: 'text',
    autoComplete: 'off',
    ...form.register(name, options),
  })
  // A valid ISIN names its issuer's country: a default, until the user chooses one.
  const isinValue = {
    ...optional,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const isin = event.target.value.trim().toUpperCase()
      const country = isValidIsin(isin) ? isinCountry(isin) : null
      if (country && !countryChosen.current) form.setValue('country', country)
    },
  }
  const countryField = {
    ...countryValue,
    onChange: () => {
      countryChosen.current = true
    },
  }
  const providerValue = {
    setValueAs: (text: string): PriceProvider | null =>
      PRICE_PROVIDERS.find((name) => name === text) ?? null,
  }
  return (
    <div className="own-instrument" role="group" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <h3 id={headingId}>{t('portfolio.form.own.heading')}</h3>
      <p className="field__hint">{t('portfolio.form.own.lead')}</p>
      <div className="transaction-form__pair">
        <FormField
          label={t('portfolio.form.own.code')}
          hint={fund ? t('quotes.form.symbolHints.tefas') : t('portfolio.form.own.codeHint')}
          error={errorOf('code')}
        >
          {(control) => (
            <input {...control} {...text('code')} autoCapitalize="characters" spellCheck={false} />
          )}
        </FormField>
        <FormField label={t('portfolio.form.own.name')} error={errorOf('name')}>
          {(control) => <input {...control} {...text('name')} />}
        </FormField>
        <FormField label={t('portfolio.form.own.type')} error={errorOf('type')}>
          {(control) => (
            <select {...control} {...form.register('type')}>
              {INSTRUMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`portfolio.form.instrumentTypes.${type}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('portfolio.form.own.currency')} error={errorOf('currency')}>
          {(control) => (
            <select {...control} {...form.register('currency')}>
              {props.currencies.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label={t('portfolio.form.own.exchange')}
          hint={t('portfolio.form.own.exchangeHint')}
          error={errorOf('exchange')}
        >
          {(control) => (
            <input {...control} {...text('exchange', optional)} autoCapitalize="characters" />
          )}
        </FormField>
        <FormField label={t('portfolio.form.own.isin')} error={errorOf('isin')}>
          {(control) => (
            <input
              {...control}
              {...text('isin', isinValue)}
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={12}
            />
          )}
        </FormField>
        <FormField
          label={t('portfolio.form.own.country')}
          hint={t('portfolio.form.own.countryHint')}
          error={errorOf('country')}
        >
          {(control) => (
            <select {...control} {...form.register('country', countryField)}>
              <CountryOptions choices={countries ?? []} />
            </select>
          )}
        </FormField>
        {isFund ? (
          <FormField
            label={t('portfolio.form.own.fundType')}
            hint={t('portfolio.form.own.fundTypeHint')}
            error={errorOf('fundType')}
          >
            {(control) => (
              <select {...control} {...form.register('fundType', fundTypeValue)}>
                <FundTypeOptions />
              </select>
            )}
          </FormField>
        ) : null}
        <FormField
          label={t('quotes.form.provider')}
          hint={fund ? t('portfolio.form.own.fundPriced') : t('quotes.form.providerHint')}
          error={errorOf('priceProvider')}
        >
          {(control) => (
            <select {...control} {...form.register('priceProvider', providerValue)}>
              <option value="">{t('quotes.form.manual')}</option>
              {PRICE_PROVIDERS.map((name) => (
                <option key={name} value={name}>
                  {t(`quotes.form.${name}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {provider && !fund ? (
          <FormField
            label={t('quotes.form.symbol')}
            hint={t(`quotes.form.symbolHints.${provider}`)}
            error={errorOf('priceSymbol')}
          >
            {(control) => (
              <input
                {...control}
                {...text('priceSymbol', optional)}
                spellCheck={false}
                maxLength={100}
              />
            )}
          </FormField>
        ) : null}
      </div>
      <FormError message={submit.error} />
      <div className="form-actions">
        <button
          type="button"
          className="button button--primary"
          aria-disabled={submit.pending || undefined}
          onClick={() => void save()}
        >
          {submit.pending ? t('portfolio.form.working') : t('portfolio.form.own.submit')}
        </button>
        <button type="button" className="button" onClick={props.onCancel}>
          {t('portfolio.form.own.cancel')}
        </button>
      </div>
    </div>
  )
}
