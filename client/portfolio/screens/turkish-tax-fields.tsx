import { useWatch, type UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import type { Instrument, instrumentUpdateSchema } from '../../../shared/api/schemas'
import { isFundInstrumentType } from '../../../shared/portfolio/portfolio-kinds'
import { shareMarket } from '../../../shared/portfolio/share-market'
import type { TaxResidence } from '../../../shared/tax/tax-settings'
import { useI18n } from '../../app/i18n-context'
import { FormField } from '../../components/form-field'
import { fieldErrorText } from '../form-errors'
import { TefasFundClassOptions, tefasFundClassValue } from '../tax-attribute-options'

export type TaxDetailsValues = z.input<typeof instrumentUpdateSchema>
export type TaxDetailsForm = UseFormReturn<
  TaxDetailsValues,
  unknown,
  z.output<typeof instrumentUpdateSchema>
>

/** Which of the Turkish tax's details an instrument's screen shows. */
export interface TurkishTaxDetails {
  /** A Turkish fund's class for its stopaj. */
  fundClass: boolean
  /** Where a share trades (its exchange, for one's own). */
  market: boolean
}

/**
 * The Turkish tax's details an instrument's screen shows: for a Turkish resident, a fund's class
 * (one's own fund, or a fund TEFAS prices: the catalog's other funds are foreign) and a share's
 * market; for anyone else, a fund's class once it is set, so that it can be seen and cleared.
 */
export function turkishTaxDetailsOf(
  instrument: Instrument,
  residence: TaxResidence | null,
): TurkishTaxDetails {
  const turkish = residence === 'TR'
  const fund =
    isFundInstrumentType(instrument.type) &&
    (instrument.own || instrument.priceProvider === 'tefas')
  return {
    fundClass: fund && (turkish || instrument.tefasFundClass !== null),
    market: turkish && instrument.type === 'STOCK',
  }
}

/** An exchange as typed, as the API will take it: upper case, nothing typed none. */
function typedExchange(text: string | null | undefined): string | null {
  const exchange = (text ?? '').trim().toUpperCase()
  return exchange === '' ? null : exchange
}

const exchangeValue = { setValueAs: typedExchange }

/**
 * The Turkish tax's details of one's own instrument, in the Tax details form: a fund's class for
 * the stopaj, and a share's exchange with the market it makes (`BIST`: Borsa İstanbul, any other:
 * abroad), said again as it is typed.
 */
export function TurkishTaxFields(props: {
  form: TaxDetailsForm
  instrument: Instrument
  details: TurkishTaxDetails
}) {
  const translator = useI18n()
  const { t } = translator
  const { form, instrument, details } = props
  const { errors } = form.formState
  const exchange = useWatch({ control: form.control, name: 'exchange' })
  const market = shareMarket({ ...instrument, exchange: typedExchange(exchange) })
  return (
    <>
      {details.fundClass ? (
        <FormField
          label={t('portfolio.instrument.tax.tefasFundClass')}
          hint={t('portfolio.instrument.tax.tefasFundClassHint')}
          error={fieldErrorText(translator, errors.tefasFundClass)}
        >
          {(control) => (
            <select {...control} {...form.register('tefasFundClass', tefasFundClassValue)}>
              <TefasFundClassOptions />
            </select>
          )}
        </FormField>
      ) : null}
      {details.market ? (
        <FormField
          label={t('portfolio.instrument.tax.exchange')}
          hint={
            <>
              {t('portfolio.instrument.tax.exchangeHint')}{' '}
              {t(`portfolio.instrument.tax.marketNow.${market ?? 'unknown'}`)}
            </>
          }
          error={fieldErrorText(translator, errors.exchange)}
        >
          {(control) => (
            <input
              {...control}
              {...form.register('exchange', exchangeValue)}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={10}
            />
          )}
        </FormField>
      ) : null}
    </>
  )
}

/**
 * The Turkish tax's details of a catalog line, which the catalog sets (docs/catalog.md): shown,
 * not changed.
 */
export function TurkishTaxFacts(props: { instrument: Instrument; details: TurkishTaxDetails }) {
  const { t } = useI18n()
  const { instrument, details } = props
  return (
    <>
      <dl className="tax-facts">
        {details.fundClass ? (
          <div>
            <dt>{t('portfolio.instrument.tax.tefasFundClass')}</dt>
            <dd>
              {instrument.tefasFundClass === null
                ? t('portfolio.instrument.tax.unknown')
                : t(`portfolio.form.tefasFundClasses.${instrument.tefasFundClass}`)}
            </dd>
          </div>
        ) : null}
        {details.market ? (
          <div>
            <dt>{t('portfolio.instrument.tax.market')}</dt>
            <dd>
              {instrument.shareMarket === null
                ? t('portfolio.instrument.tax.unknown')
                : t(`portfolio.instrument.tax.markets.${instrument.shareMarket}`)}
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="muted">{t('portfolio.instrument.tax.catalogNote')}</p>
    </>
  )
}
