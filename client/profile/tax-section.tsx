import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { useI18n } from '../app/i18n-context'
import { authClient } from '../auth/auth-client'
import { useUserTimeZone } from '../auth/user-time-zone'
import { FormField } from '../components/form-field'
import { buildPath } from '../../shared/routes/build-path'
import { dayInZone } from '../../shared/time/day-in-zone'
import {
  CHURCH_TAX_RATES,
  TAX_RESIDENCES,
  taxMetadataOf,
  taxSettingsOf,
  type ChurchTaxRate,
  type TaxSettings,
} from '../../shared/tax/tax-settings'
import { ExemptionOrders } from './exemption-orders'
import { FormStatus, ProfileSection, SubmitButton, useProfileSubmit } from './form-parts'
import { useProfileUser } from './profile-user'

/** Each rate's label in `profile.taxes.churchTaxRates`. */
const RATE_LABELS = { '0': 'none', '0.08': 'eight', '0.09': 'nine' } as const satisfies Record<
  ChurchTaxRate,
  string
>

const taxSchema = z.object({
  // Empty: not set.
  residence: z.enum(['', ...TAX_RESIDENCES]),
  jointAssessment: z.boolean(),
  churchTaxRate: z.enum(CHURCH_TAX_RATES),
})

type TaxValues = z.infer<typeof taxSchema>

function valuesOf(settings: TaxSettings): TaxValues {
  return {
    residence: settings.residence ?? '',
    jointAssessment: settings.jointAssessment,
    churchTaxRate: settings.churchTaxRate,
  }
}

function settingsOf(values: TaxValues): TaxSettings {
  return {
    residence: values.residence === '' ? null : values.residence,
    jointAssessment: values.jointAssessment,
    churchTaxRate: values.churchTaxRate,
  }
}

/** The links to the year so far across all portfolios, by the residence's screen. */
const PERSON_SCREENS = {
  DE: { route: 'germanTaxPerson', text: 'profile.taxes.yearAcrossDepots' },
  TR: { route: 'turkishTaxPerson', text: 'profile.taxes.yearAcrossPortfolios' },
} as const

/** The year so far across all depots or portfolios, on a screen of its own. */
function PersonTaxLink({ residence }: { residence: keyof typeof PERSON_SCREENS }) {
  const { t, locale } = useI18n()
  const { zone } = useUserTimeZone()
  const [year] = useState(() => dayInZone(new Date(), zone).slice(0, 4))
  const { route, text } = PERSON_SCREENS[residence]
  return (
    <p className="tax-person-link">
      <a href={buildPath(route, locale, { year })}>{t(text, { year })}</a>
    </p>
  )
}

/**
 * The person's tax settings (residence, joint assessment, church tax), kept in their account's
 * metadata, which the access token carries to the worker; and, for a German resident, each
 * portfolio's Freistellungsauftrag and loss certificate of a year. None of it is needed for the
 * rest of the app.
 */
export function TaxSection() {
  const { t } = useI18n()
  const { viewer, user, replaceUser } = useProfileUser()
  const ids = useId()
  // What the token said renders the form at once; the full record replaces it below.
  const [initial] = useState(() => valuesOf(viewer.tax))
  const form = useForm({ resolver: zodResolver(taxSchema), defaultValues: initial })
  const submit = useProfileSubmit(form)
  const residence = useWatch({ control: form.control, name: 'residence' })
  const saved = user ? taxSettingsOf(user.user_metadata) : viewer.tax

  useEffect(() => {
    if (user) form.reset(valuesOf(taxSettingsOf(user.user_metadata)), { keepDirtyValues: true })
  }, [user, form])

  const save = async (values: TaxValues) => {
    const client = await authClient()
    const { data, error } = await client.auth.updateUser({
      data: { ...taxMetadataOf(settingsOf(values)) },
    })
    if (error) throw error
    // The API reads joint assessment from the access token: a fresh one first, so the
    // exemption orders shown next are checked against the new allowance.
    await client.auth.refreshSession().catch(() => undefined)
    replaceUser(data.user)
  }

  return (
    <ProfileSection id="taxes" title={t('profile.taxes.heading')} lead={t('profile.taxes.lead')}>
      <form className="form" onSubmit={submit.handle(save)} noValidate>
        <FormField label={t('profile.taxes.residence')} hint={t('profile.taxes.residenceHint')}>
          {(control) => (
            <select {...control} defaultValue={initial.residence} {...form.register('residence')}>
              <option value="">{t('profile.taxes.residences.none')}</option>
              {TAX_RESIDENCES.map((code) => (
                <option key={code} value={code}>
                  {t(`profile.taxes.residences.${code}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {residence === 'DE' ? (
          <>
            <FormField label={t('profile.taxes.joint')} hint={t('profile.taxes.jointHint')} check>
              {(control) => (
                <input
                  {...control}
                  type="checkbox"
                  defaultChecked={initial.jointAssessment}
                  {...form.register('jointAssessment')}
                />
              )}
            </FormField>
            <fieldset className="choice-group" aria-describedby={`${ids}-church-hint`}>
              <legend>{t('profile.taxes.churchTax')}</legend>
              <p id={`${ids}-church-hint`} className="field__hint">
                {t('profile.taxes.churchTaxHint')}
              </p>
              <div className="choice-row">
                {CHURCH_TAX_RATES.map((rate) => (
                  <div key={rate} className="field field--check">
                    <input
                      id={`${ids}-church-${RATE_LABELS[rate]}`}
                      type="radio"
                      value={rate}
                      defaultChecked={initial.churchTaxRate === rate}
                      {...form.register('churchTaxRate')}
                    />
                    <label htmlFor={`${ids}-church-${RATE_LABELS[rate]}`}>
                      {t(`profile.taxes.churchTaxRates.${RATE_LABELS[rate]}`)}
                    </label>
                  </div>
                ))}
              </div>
            </fieldset>
          </>
        ) : null}
        <FormStatus success={submit.done ? t('profile.taxes.saved') : null} error={submit.error} />
        <div className="form-actions">
          <SubmitButton pending={submit.pending} label={t('profile.taxes.save')} />
        </div>
      </form>
      {saved.residence === 'DE' ? (
        <>
          <ExemptionOrders jointAssessment={saved.jointAssessment} />
          <PersonTaxLink residence="DE" />
        </>
      ) : saved.residence === 'TR' ? (
        <PersonTaxLink residence="TR" />
      ) : null}
    </ProfileSection>
  )
}
