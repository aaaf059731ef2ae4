import { zodResolver } from '@hookform/resolvers/zod'
import type { User } from '@supabase/supabase-js'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { useI18n } from '../app/i18n-context'
import { authClient } from '../auth/auth-client'
import { FormField } from '../components/form-field'
import { isLocale, LOCALES, type Locale } from '../../shared/i18n/locales'
import { buildPath } from '../../shared/routes/build-path'
import { isTimeZone } from '../../shared/time/day-in-zone'
import { LANGUAGE_TIME_ZONES } from '../../shared/time/user-time-zone'
import {
  BASE_CURRENCIES,
  COST_METHODS,
  MAX_DISPLAY_NAME,
  metadataOf,
  preferencesOf,
  type AccountPreferences,
} from './account-preferences'
import { FormStatus, ProfileSection, SubmitButton, useProfileSubmit } from './form-parts'
import { useProfileUser } from './profile-user'
import { commonZones, useBrowserZones, zoneCity, zoneLabel } from './time-zone-choices'

/** Set before moving to the profile in the newly chosen language, read once there. */
const SAVED_FLAG = 'kiymet:profile-saved'

const accountSchema = z.object({
  displayName: z
    .string()
    .refine((name) => [...name.trim()].length <= MAX_DISPLAY_NAME, 'name_too_long'),
  locale: z.custom<Locale>(isLocale),
  // Empty: the language's zone.
  timeZone: z.string().refine((zone) => zone === '' || isTimeZone(zone), 'time_zone_unknown'),
  baseCurrency: z.enum(BASE_CURRENCIES),
  costMethod: z.enum(COST_METHODS),
}) satisfies z.ZodType<AccountPreferences>

/**
 * Display name, language (of the site and of auth emails), time zone (whose day is "today"), and
 * the defaults of new portfolios, kept in the user's metadata, which the access token carries to
 * the worker. Saving a new language moves to this screen in that language.
 */
export function AccountSection() {
  const { t, locale } = useI18n()
  const { viewer, user, replaceUser } = useProfileUser()
  const ids = useId()
  // What the server knew renders the form at once; the full record replaces it below.
  const [initial] = useState(() =>
    preferencesOf(
      {
        display_name: viewer.name ?? '',
        locale: viewer.locale ?? locale,
        time_zone: viewer.timeZone,
      },
      locale,
    ),
  )
  const form = useForm({ resolver: zodResolver(accountSchema), defaultValues: initial })
  const submit = useProfileSubmit(form, {
    name_too_long: 'displayName',
    time_zone_unknown: 'timeZone',
  })
  // Without a zone of their own, the one of the language chosen in the form applies.
  const language = useWatch({ control: form.control, name: 'locale' })
  const browserZones = useBrowserZones()
  const savedZone = user ? preferencesOf(user.user_metadata, locale).timeZone : initial.timeZone
  const common = commonZones(browserZones?.device ?? null, savedZone)
  const zoneOption = (zone: string) => (
    <option key={zone} value={zone}>
      {zone === browserZones?.device
        ? t('profile.account.timeZoneDevice', { zone: zoneLabel(zone) })
        : zoneLabel(zone)}
    </option>
  )
  const [savedBefore, setSavedBefore] = useState(false)

  // The full record knows the defaults of new portfolios; they fill what was not edited yet.
  useEffect(() => {
    if (user) form.reset(preferencesOf(user.user_metadata, locale), { keepDirtyValues: true })
  }, [user, locale, form])

  // Saved on the previous page, in the other language: say so here.
  useEffect(() => {
    if (sessionStorage.getItem(SAVED_FLAG)) {
      sessionStorage.removeItem(SAVED_FLAG)
      setSavedBefore(true)
    }
  }, [])

  const save = async (known: User, values: AccountPreferences) => {
    const client = await authClient()
    const { data, error } = await client.auth.updateUser({ data: metadataOf(values) })
    if (error) throw error
    const stored = preferencesOf(known.user_metadata, locale)
    replaceUser(data.user)
    // A fresh access token carries the new name and language, so pages the server renders
    // (and the auth emails) follow at once.
    await client.auth.refreshSession().catch(() => undefined)
    // Only a language chosen here moves the page; one stored earlier stays as it is.
    if (values.locale !== stored.locale && values.locale !== locale) {
      sessionStorage.setItem(SAVED_FLAG, '1')
      window.location.assign(buildPath('profile', values.locale))
    }
  }

  // Saving before the record is known would overwrite the defaults it holds.
  const onSubmit = user
    ? submit.handle((values) => save(user, values))
    : (event: FormEvent) => event.preventDefault()
  const saved = submit.done || (savedBefore && !form.formState.isDirty)
  return (
    <ProfileSection id="account" title={t('profile.account.heading')}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormField
          label={t('profile.account.displayName')}
          hint={t('profile.account.displayNameHint')}
          error={submit.errorOf('displayName')}
        >
          {(control) => (
            <input
              {...control}
              autoComplete="name"
              maxLength={MAX_DISPLAY_NAME + 20}
              defaultValue={initial.displayName}
              {...form.register('displayName')}
            />
          )}
        </FormField>
        <FormField label={t('profile.account.language')} hint={t('profile.account.languageHint')}>
          {(control) => (
            <select {...control} defaultValue={initial.locale} {...form.register('locale')}>
              {LOCALES.map((entry) => (
                <option key={entry.code} value={entry.code} lang={entry.iso}>
                  {entry.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label={t('profile.account.timeZone')}
          hint={t('profile.account.timeZoneHint')}
          error={submit.errorOf('timeZone')}
        >
          {(control) => (
            <select {...control} defaultValue={initial.timeZone} {...form.register('timeZone')}>
              <option value="">
                {t('profile.account.timeZoneFromLanguage', {
                  // The city alone: the closed list must show it whole on a phone.
                  zone: zoneCity(LANGUAGE_TIME_ZONES[isLocale(language) ? language : locale]),
                })}
              </option>
              <optgroup label={t('profile.account.timeZonesCommon')}>
                {common.map(zoneOption)}
              </optgroup>
              {browserZones ? (
                <optgroup label={t('profile.account.timeZonesAll')}>
                  {browserZones.all.map(zoneOption)}
                </optgroup>
              ) : null}
            </select>
          )}
        </FormField>
        <fieldset className="profile-fieldset" disabled={!user} aria-busy={!user || undefined}>
          <legend>{t('profile.account.defaultsHeading')}</legend>
          <p className="field__hint">{t('profile.account.defaultsHint')}</p>
          <FormField label={t('profile.account.baseCurrency')}>
            {(control) => (
              <select
                {...control}
                defaultValue={initial.baseCurrency}
                {...form.register('baseCurrency')}
              >
                {BASE_CURRENCIES.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency} – {t(`profile.currencies.${currency}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <fieldset className="choice-group">
            <legend>{t('profile.account.costMethod')}</legend>
            {COST_METHODS.map((method) => (
              <div key={method} className="field field--check">
                <input
                  id={`${ids}-method-${method}`}
                  type="radio"
                  value={method}
                  defaultChecked={initial.costMethod === method}
                  aria-describedby={`${ids}-method-${method}-hint`}
                  {...form.register('costMethod')}
                />
                <label htmlFor={`${ids}-method-${method}`}>
                  {t(`profile.account.costMethods.${method}.label`)}
                </label>
                <p id={`${ids}-method-${method}-hint`} className="field__hint choice-group__hint">
                  {t(`profile.account.costMethods.${method}.hint`)}
                </p>
              </div>
            ))}
          </fieldset>
        </fieldset>
        <FormStatus success={saved ? t('profile.account.saved') : null} error={submit.error} />
        <div className="form-actions">
          <SubmitButton
            pending={submit.pending}
            label={t('profile.account.save')}
            disabled={!user}
          />
        </div>
      </form>
    </ProfileSection>
  )
}
