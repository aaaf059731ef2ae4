import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { instrumentUpdateSchema, type Instrument } from '../../../shared/api/schemas'
import { isFundInstrumentType } from '../../../shared/portfolio/portfolio-kinds'
import { useI18n } from '../../app/i18n-context'
import { FormError } from '../../components/form-error'
import { FormField } from '../../components/form-field'
import { useFormSubmit } from '../../components/form-submit'
import { useUpdateInstrument } from '../data/portfolio-mutations'
import { fieldErrorText, saveProblemOf, schemaErrorCode } from '../form-errors'
import {
  CountryOptions,
  countryValue,
  FundTypeOptions,
  fundTypeValue,
  useCountryChoices,
} from '../tax-attribute-options'
import { useErrorMessage } from './query-status'
import {
  TurkishTaxFields,
  type TaxDetailsValues,
  type TurkishTaxDetails,
} from './turkish-tax-fields'

/** The fields of the form, by the paths the API names them. */
const FIELDS = ['country', 'fundType', 'tefasFundClass', 'exchange'] as const

/**
 * What the tax figures read of an instrument of the user's own, changed in place: the issuer's
 * country and, for a fund or ETF, its type; where the Turkish tax's details are shown (`turkish`),
 * a fund's class for the stopaj and a share's exchange (`PATCH /api/instruments/{id}`). The
 * catalog's are the catalog's: this form is for one's own instruments only.
 */
export function TaxDetailsForm(props: { instrument: Instrument; turkish: TurkishTaxDetails }) {
  const { instrument, turkish } = props
  const translator = useI18n()
  const { t } = translator
  const update = useUpdateInstrument(instrument.id)
  const messageOf = useErrorMessage()
  const fund = isFundInstrumentType(instrument.type)
  const form = useForm<TaxDetailsValues, unknown, z.output<typeof instrumentUpdateSchema>>({
    resolver: zodResolver(instrumentUpdateSchema, { error: schemaErrorCode }),
    defaultValues: {
      country: instrument.country ?? null,
      ...(fund ? { fundType: instrument.fundType ?? null } : {}),
      ...(turkish.fundClass ? { tefasFundClass: instrument.tefasFundClass ?? null } : {}),
      ...(turkish.market ? { exchange: instrument.exchange ?? null } : {}),
    },
  })
  const submit = useFormSubmit(form, {
    problemOf: (reason) => saveProblemOf(translator, reason, messageOf(reason)),
    fields: (path) => FIELDS.find((field) => field === path) ?? null,
  })
  const { errors } = form.formState
  const countries = useCountryChoices()
  // Nothing until the browser has named the countries (useCountryChoices).
  if (!countries) return null

  return (
    <form
      className="form tax-details"
      onSubmit={submit.handle(async (patch) => {
        await update.mutateAsync(patch)
      })}
      noValidate
    >
      <FormField
        label={t('portfolio.instrument.tax.country')}
        hint={t('portfolio.form.own.countryHint')}
        error={fieldErrorText(translator, errors.country)}
      >
        {(control) => (
          <select {...control} {...form.register('country', countryValue)}>
            <CountryOptions choices={countries} />
          </select>
        )}
      </FormField>
      {fund ? (
        <FormField
          label={t('portfolio.instrument.tax.fundType')}
          hint={t('portfolio.form.own.fundTypeHint')}
          error={fieldErrorText(translator, errors.fundType)}
        >
          {(control) => (
            <select {...control} {...form.register('fundType', fundTypeValue)}>
              <FundTypeOptions />
            </select>
          )}
        </FormField>
      ) : null}
      <TurkishTaxFields form={form} instrument={instrument} details={turkish} />
      <p className="form-status" role="status">
        {submit.done ? t('portfolio.instrument.tax.saved') : null}
      </p>
      <FormError message={submit.error} />
      <div className="form-actions">
        <button type="submit" className="button button--primary" aria-disabled={submit.pending}>
          {submit.pending ? t('portfolio.common.saving') : t('portfolio.instrument.tax.submit')}
        </button>
      </div>
    </form>
  )
}
