import { useId, useRef, useState, type FormEvent } from 'react'
import { portfolioCreateSchema, type Portfolio } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { useUserSnapshot } from '../../auth/user-store'
import { localeInfo } from '../../../shared/i18n/locales'
import { newPortfolioDefaults } from '../../profile/account-preferences'
import { currencyChoices } from '../currency-choices'
import { COST_BASIS_METHODS, type CostBasisMethod } from '../../../shared/portfolio/portfolio-kinds'
import { useCreatePortfolio } from '../data/portfolio-mutations'
import { FormField } from '../form-field'
import { useErrorMessage } from './query-status'

/** Creating a portfolio: its name, base currency, cost method and whether it records cash. */
export function CreatePortfolioForm(props: {
  onCreated(portfolio: Portfolio): void
  onCancel(): void
}) {
  const { t, locale } = useI18n()
  const id = useId()
  const create = useCreatePortfolio()
  const messageOf = useErrorMessage()
  const [name, setName] = useState('')
  const { user } = useUserSnapshot()
  const defaults = newPortfolioDefaults(user?.user_metadata, locale)
  const [baseCurrency, setBaseCurrency] = useState<string>(defaults.baseCurrency)
  const [method, setMethod] = useState<CostBasisMethod>(defaults.costBasisMethod)
  const [recordsCash, setRecordsCash] = useState(false)
  const [nameError, setNameError] = useState<string | null>(null)
  const nameInput = useRef<HTMLInputElement>(null)
  const currencyNames = new Intl.DisplayNames(localeInfo(locale).iso, { type: 'currency' })

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (create.isPending) return
    const parsed = portfolioCreateSchema.safeParse({
      name,
      baseCurrency,
      costBasisMethod: method,
      recordsCash,
    })
    if (!parsed.success) {
      setNameError(t('portfolio.list.create.nameRequired'))
      // The field to fix takes focus, so its error is read with it.
      nameInput.current?.focus()
      return
    }
    setNameError(null)
    const created = await create.mutateAsync(parsed.data).catch(() => null)
    if (created) props.onCreated(created)
  }

  return (
    <form className="form portfolio-create" onSubmit={(event) => void submit(event)} noValidate>
      <h2>{t('portfolio.list.create.heading')}</h2>
      <FormField label={t('portfolio.list.create.name')} error={nameError}>
        {(control) => (
          <input
            {...control}
            ref={nameInput}
            value={name}
            maxLength={80}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
            autoFocus
          />
        )}
      </FormField>
      <FormField
        label={t('portfolio.list.create.baseCurrency')}
        hint={t('portfolio.list.create.baseCurrencyHint')}
      >
        {(control) => (
          <select
            {...control}
            value={baseCurrency}
            onChange={(event) => setBaseCurrency(event.target.value)}
          >
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
              name={`${id}-method`}
              value={option}
              checked={method === option}
              onChange={() => setMethod(option)}
              aria-describedby={`${id}-${option}-hint`}
            />
            <label htmlFor={`${id}-${option}`}>{t(`portfolio.common.method.${option}`)}</label>
            <p id={`${id}-${option}-hint`} className="field__hint">
              {t(`portfolio.list.create.methodHint.${option}`)}
            </p>
          </div>
        ))}
      </fieldset>
      <div className="field field--check">
        <input
          type="checkbox"
          id={`${id}-cash`}
          checked={recordsCash}
          onChange={(event) => setRecordsCash(event.target.checked)}
          aria-describedby={`${id}-cash-hint`}
        />
        <label htmlFor={`${id}-cash`}>{t('portfolio.list.create.recordsCash')}</label>
        <p id={`${id}-cash-hint`} className="field__hint">
          {t('portfolio.list.create.recordsCashHint')}
        </p>
      </div>
      {create.isError ? (
        <p className="notice notice--error" role="alert">
          {messageOf(create.error)}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="button button--primary" aria-disabled={create.isPending}>
          {create.isPending ? t('portfolio.common.saving') : t('portfolio.list.create.submit')}
        </button>
        <button type="button" className="button" onClick={props.onCancel}>
          {t('portfolio.common.cancel')}
        </button>
      </div>
    </form>
  )
}
