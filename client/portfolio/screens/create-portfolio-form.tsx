import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import { portfolioCreateSchema, type Portfolio } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { useUserSnapshot } from '../../auth/user-store'
import { FormError } from '../../components/form-error'
import { FormField } from '../../components/form-field'
import { useFormSubmit } from '../../components/form-submit'
import { localeInfo } from '../../../shared/i18n/locales'
import { newPortfolioDefaults } from '../../profile/account-preferences'
import { currencyChoices } from '../currency-choices'
import { COST_BASIS_METHODS } from '../../../shared/portfolio/portfolio-kinds'
import { useCreatePortfolio } from '../data/portfolio-mutations'
import { portfolioNameError, saveProblemOf } from '../form-errors'
import { useErrorMessage } from './query-status'

/** Creating a portfolio: its name, base currency, cost method and whether it records cash. */
export function CreatePortfolioForm(props: {
  onCreated(portfolio: Portfolio): void
  onCancel(): void
}) {
  const translator = useI18n()
  const { t, locale } = translator
  const id = useId()
  const create = useCreatePortfolio()
  const messageOf = useErrorMessage()
  const { user } = useUserSnapshot()
  const preferred = newPortfolioDefaults(user?.user_metadata, locale)
  const form = useForm({
    resolver: zodResolver(portfolioCreateSchema),
    defaultValues: { ...preferred, name: '', recordsCash: false },
  })
  const submit = useFormSubmit(form, {
    problemOf: (reason) => saveProblemOf(translator, reason, messageOf(reason)),
    fields: ['name'],
  })
  const currencyNames = new Intl.DisplayNames(localeInfo(locale).iso, { type: 'currency' })

  return (
    <form
      className="form portfolio-create"
      onSubmit={submit.handle(async (values) => {
        const created = await create.mutateAsync(values)
        if (created) props.onCreated(created)
      })}
      noValidate
    >
      <h2>{t('portfolio.list.create.heading')}</h2>
      <FormField
        label={t('portfolio.list.create.name')}
        error={portfolioNameError(translator, form.formState.errors.name)}
      >
        {(control) => (
          <input
            {...control}
            maxLength={80}
            autoComplete="off"
            autoFocus
            {...form.register('name')}
          />
        )}
      </FormField>
      <FormField
        label={t('portfolio.list.create.baseCurrency')}
        hint={t('portfolio.list.create.baseCurrencyHint')}
      >
        {(control) => (
          <select {...control} {...form.register('baseCurrency')}>
            {currencyChoices().map((code) => (
              <option key={code} value={code}>
                {code} · {currencyNames.of(code)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <fieldset className="choice-group">
        <legend>{t('portfolio.list.create.method')}</legend>
        {COST_BASIS_METHODS.map((option) => (
          <div className="choice" key={option}>
            <input
              type="radio"
              id={`${id}-${option}`}
              value={option}
              aria-describedby={`${id}-${option}-hint`}
              {...form.register('costBasisMethod')}
            />
            <label htmlFor={`${id}-${option}`}>{t(`portfolio.common.method.${option}`)}</label>
            <p id={`${id}-${option}-hint`} className="field__hint">
              {t(`portfolio.list.create.methodHint.${option}`)}
            </p>
          </div>
        ))}
      </fieldset>
      <FormField
        check
        label={t('portfolio.list.create.recordsCash')}
        hint={t('portfolio.list.create.recordsCashHint')}
      >
        {(control) => <input {...control} type="checkbox" {...form.register('recordsCash')} />}
      </FormField>
      <FormError message={submit.error} />
      <div className="actions">
        <button type="submit" className="button button--primary" aria-disabled={submit.pending}>
          {submit.pending ? t('portfolio.common.saving') : t('portfolio.list.create.submit')}
        </button>
        <button type="button" className="button" onClick={props.onCancel}>
          {t('portfolio.common.cancel')}
        </button>
      </div>
    </form>
  )
}
