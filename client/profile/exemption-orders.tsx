import { zodResolver } from '@hookform/resolvers/zod'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { useForm, type FieldPath } from 'react-hook-form'
import { TAX_YEARS, type TaxYearOverview } from '../../shared/api/schemas'
import { formatMoney } from '../../shared/i18n/format'
import type { MessageKey } from '../../shared/i18n/messages'
import { decimalExample } from '../../shared/portfolio/decimal-input'
import { dayInZone } from '../../shared/time/day-in-zone'
import { ApiError, apiData } from '../api/api-client'
import { api } from '../api/browser-api'
import { useI18n } from '../app/i18n-context'
import { useUserTimeZone } from '../auth/user-time-zone'
import { FormField } from '../components/form-field'
import { SERVER_ERROR, useFormSubmit } from '../components/form-submit'
import { messageOf } from './api-message'
import {
  orderErrorKey,
  orderSchema,
  orderValuesOf,
  orderWrites,
  type CheckedOrders,
  type OrderValues,
} from './exemption-orders-form'
import { FormStatus, SubmitButton } from './form-parts'

/** A row's write the API refused, with the row it was for. */
class RowRefused extends Error {
  constructor(
    readonly index: number,
    readonly reason: unknown,
  ) {
    super('row refused')
  }
}

/** What the API said of a refused amount, for its field; null when the refusal is not about it. */
function amountMessage(reason: unknown): string | null {
  if (!(reason instanceof ApiError)) return null
  const field = reason.fields.find((entry) => entry.path === 'freistellungsauftrag')
  if (!field) return null
  // Its own message names the allowance and what is left; the field's says only "too large".
  return reason.code === 'allowance_exceeded' ? reason.message : field.message
}

/** The years offered: next year's (orders are given ahead), back to the first. */
function yearsUpTo(last: number): number[] {
  return Array.from({ length: last - TAX_YEARS.first + 1 }, (_, index) => last - index)
}

/**
 * A German resident's Freistellungsaufträge of a year, one per portfolio, with the
 * Sparer-Pauschbetrag they share (doubled with `jointAssessment`) and what is left; and whether
 * a loss certificate was requested. Saving sends only the rows changed, lowered ones first.
 */
export function ExemptionOrders({ jointAssessment }: { jointAssessment: boolean }) {
  const { t, locale, formatLocale } = useI18n()
  const ids = useId()
  const { zone } = useUserTimeZone()
  const [thisYear] = useState(() => Number(dayInZone(new Date(), zone).slice(0, 4)))
  const [year, setYear] = useState(thisYear)
  const [overview, setOverview] = useState<TaxYearOverview | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [schema] = useState(() => orderSchema(formatLocale))
  const form = useForm<OrderValues, unknown, CheckedOrders>({
    resolver: zodResolver(schema),
    defaultValues: { rows: [] },
  })
  const asked = useRef(0)

  const load = useCallback(
    async (wanted: number) => {
      const ask = ++asked.current
      try {
        const answer = await apiData(
          api.api['tax-years'][':year'].$get({ param: { year: String(wanted) } }),
        )
        // A year picked since answers instead.
        if (ask !== asked.current) return
        form.reset(orderValuesOf(answer, formatLocale))
        setOverview(answer)
        setLoadError(null)
      } catch (failure) {
        if (ask === asked.current) setLoadError(await messageOf(failure, locale))
      }
    },
    [form, formatLocale, locale],
  )

  useEffect(() => {
    setOverview(null)
    void load(year)
  }, [year, jointAssessment, load])

  const submit = useFormSubmit(form, {
    problemOf: async (reason) => {
      const refused = reason instanceof RowRefused ? reason : null
      const message = await messageOf(refused?.reason ?? reason, locale)
      const field = refused ? amountMessage(refused.reason) : null
      return {
        message,
        fields: refused && field ? [{ path: `rows.${refused.index}.amount`, message: field }] : [],
      }
    },
    fields: (path) => (/^rows\.\d+\.amount$/.test(path) ? (path as FieldPath<OrderValues>) : null),
  })

  const save = async (checked: CheckedOrders) => {
    if (!overview) return
    for (const write of orderWrites(overview, checked)) {
      const param = { id: write.id, year: String(year) }
      const endpoint = api.api.portfolios[':id']['tax-years'][':year']
      try {
        if (write.kind === 'put') await endpoint.$put({ param, json: write.body })
        else await endpoint.$delete({ param })
      } catch (reason) {
        throw new RowRefused(write.index, reason)
      }
    }
    await load(year)
  }

  const amountError = (index: number): string | null => {
    const error = form.getFieldState(`rows.${index}.amount`, form.formState).error
    if (!error?.message) return null
    if (error.type === SERVER_ERROR) return error.message
    const { key, params } = orderErrorKey(error.message, formatLocale)
    return t(`profile.taxes.orders.errors.${key}` as MessageKey, params)
  }
  const euros = (amount: string) => formatMoney(formatLocale, amount, 'EUR')
  const over = overview ? overview.left.startsWith('-') : false

  return (
    <div className="tax-orders">
      <h3>{t('profile.taxes.orders.heading')}</h3>
      <p className="field__hint">{t('profile.taxes.orders.hint')}</p>
      <FormField label={t('profile.taxes.orders.year')} className="tax-orders__year">
        {(control) => (
          <select
            {...control}
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
          >
            {yearsUpTo(thisYear + 1).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {loadError ? (
        <FormStatus error={loadError} />
      ) : !overview ? (
        <p className="profile-loading" aria-busy="true">
          {t('profile.loading')}
        </p>
      ) : overview.portfolios.length === 0 ? (
        <p>{t('profile.taxes.orders.none')}</p>
      ) : (
        <form className="form" onSubmit={submit.handle(save)} noValidate>
          <table className="tax-orders__table" aria-describedby={`${ids}-certificate`}>
            <caption className="visually-hidden">
              {t('profile.taxes.orders.caption', { year: String(overview.year) })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('profile.taxes.orders.portfolio')}</th>
                <th scope="col">{t('profile.taxes.orders.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {overview.portfolios.map((portfolio, index) => (
                <tr key={portfolio.id}>
                  <th scope="row">{portfolio.name}</th>
                  <td>
                    <div className="tax-orders__entry">
                      <FormField
                        label={t('profile.taxes.orders.amountOf', { name: portfolio.name })}
                        error={amountError(index)}
                        className="tax-orders__amount"
                      >
                        {(control) => (
                          <input
                            {...control}
                            inputMode="decimal"
                            autoComplete="off"
                            placeholder={decimalExample(formatLocale)}
                            {...form.register(`rows.${index}.amount`)}
                          />
                        )}
                      </FormField>
                      <FormField label={t('profile.taxes.orders.lossCertificate')} check>
                        {(control) => (
                          <input
                            {...control}
                            type="checkbox"
                            // The row's portfolio too: the box's label alone names none.
                            aria-label={t('profile.taxes.orders.lossCertificateOf', {
                              name: portfolio.name,
                            })}
                            {...form.register(`rows.${index}.lossCertificate`)}
                          />
                        )}
                      </FormField>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('profile.taxes.orders.allowance')}</th>
                <td className="tax-orders__figure">{euros(overview.allowance)}</td>
              </tr>
              <tr>
                <th scope="row">{t('profile.taxes.orders.used')}</th>
                <td className="tax-orders__figure">{euros(overview.used)}</td>
              </tr>
              <tr className={over ? 'tax-orders__over' : undefined}>
                <th scope="row">
                  {over ? t('profile.taxes.orders.over') : t('profile.taxes.orders.left')}
                </th>
                <td className="tax-orders__figure">
                  {euros(over ? overview.left.slice(1) : overview.left)}
                </td>
              </tr>
            </tfoot>
          </table>
          <p id={`${ids}-certificate`} className="field__hint">
            {t('profile.taxes.orders.lossCertificateHint')}
          </p>
          <FormStatus
            success={submit.done ? t('profile.taxes.orders.saved') : null}
            error={submit.error}
          />
          <div className="form-actions">
            <SubmitButton pending={submit.pending} label={t('profile.taxes.orders.save')} />
          </div>
        </form>
      )}
    </div>
  )
}
