import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useI18n } from '../app/i18n-context'
import { authClient } from '../auth/auth-client'
import { LOCALES, type Locale } from '../../shared/i18n/locales'
import { buildPath } from '../../shared/routes/build-path'
import {
  BASE_CURRENCIES,
  COST_METHODS,
  MAX_DISPLAY_NAME,
  metadataOf,
  preferencesOf,
  type AccountPreferences,
  type BaseCurrency,
} from './account-preferences'
import {
  errorFor,
  FormStatus,
  ProfileSection,
  SubmitButton,
  TextField,
  useAction,
  useErrorText,
} from './form-parts'
import { DONE, failed, profileErrorCode } from './profile-errors'
import { useProfileUser } from './profile-user'

/** Set before moving to the profile in the newly chosen language, read once there. */
const SAVED_FLAG = 'kiymet:profile-saved'

/**
 * Display name, language (of the site and of auth emails), and the defaults of new portfolios,
 * kept in the user's metadata. Saving a new language moves to this screen in that language.
 */
export function AccountSection() {
  const { t, locale } = useI18n()
  const { viewer, user, replaceUser } = useProfileUser()
  const errorText = useErrorText()
  const ids = useId()
  const [values, setValues] = useState<AccountPreferences>(() =>
    preferencesOf({ display_name: viewer.name ?? '', locale: viewer.locale ?? locale }, locale),
  )
  const edited = useRef(false)
  const action = useAction()
  const [savedBefore, setSavedBefore] = useState(false)

  // The full record knows the defaults of new portfolios; take them unless the form was edited.
  useEffect(() => {
    if (user && !edited.current) setValues(preferencesOf(user.user_metadata, locale))
  }, [user, locale])

  // Saved on the previous page, in the other language: say so here.
  useEffect(() => {
    if (sessionStorage.getItem(SAVED_FLAG)) {
      sessionStorage.removeItem(SAVED_FLAG)
      setSavedBefore(true)
    }
  }, [])

  const change = <Key extends keyof AccountPreferences>(
    key: Key,
    value: AccountPreferences[Key],
  ) => {
    edited.current = true
    action.reset()
    setSavedBefore(false)
    setValues((current) => ({ ...current, [key]: value }))
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // Saving before the record is known would overwrite the defaults it holds.
    if (!user) return
    setSavedBefore(false)
    void action.run(async () => {
      if ([...values.displayName.trim()].length > MAX_DISPLAY_NAME) return failed('name_too_long')
      const client = await authClient()
      const { data, error } = await client.auth.updateUser({ data: metadataOf(values) })
      if (error) return failed(profileErrorCode(error))
      const stored = preferencesOf(user.user_metadata, locale)
      replaceUser(data.user)
      edited.current = false
      // A fresh access token carries the new name and language, so pages the server renders
      // (and the auth emails) follow at once.
      await client.auth.refreshSession().catch(() => undefined)
      // Only a language chosen here moves the page; one stored earlier stays as it is.
      if (values.locale !== stored.locale && values.locale !== locale) {
        sessionStorage.setItem(SAVED_FLAG, '1')
        window.location.assign(buildPath('profile', values.locale))
      }
      return DONE
    })
  }

  const code = action.errorCode
  const nameError = errorFor(code, { name_too_long: 'name' }, 'name')
  const formError = errorFor(code, { name_too_long: 'name' }, 'form')
  const success = action.outcome?.ok || savedBefore ? t('profile.account.saved') : null
  return (
    <ProfileSection id="account" title={t('profile.account.heading')}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('profile.account.displayName')}
          name="display_name"
          autoComplete="name"
          maxLength={MAX_DISPLAY_NAME + 20}
          value={values.displayName}
          onChange={(event) => change('displayName', event.currentTarget.value)}
          hint={t('profile.account.displayNameHint')}
          error={nameError ? errorText(nameError) : null}
        />
        <div className="field">
          <label htmlFor={`${ids}-locale`}>{t('profile.account.language')}</label>
          <select
            id={`${ids}-locale`}
            name="locale"
            value={values.locale}
            aria-describedby={`${ids}-locale-hint`}
            onChange={(event) => change('locale', event.currentTarget.value as Locale)}
          >
            {LOCALES.map((entry) => (
              <option key={entry.code} value={entry.code} lang={entry.iso}>
                {entry.name}
              </option>
            ))}
          </select>
          <p id={`${ids}-locale-hint`} className="field__hint">
            {t('profile.account.languageHint')}
          </p>
        </div>
        <fieldset className="profile-fieldset" disabled={!user} aria-busy={!user || undefined}>
          <legend>{t('profile.account.defaultsHeading')}</legend>
          <p className="field__hint">{t('profile.account.defaultsHint')}</p>
          <div className="field">
            <label htmlFor={`${ids}-currency`}>{t('profile.account.baseCurrency')}</label>
            <select
              id={`${ids}-currency`}
              name="base_currency"
              value={values.baseCurrency}
              onChange={(event) =>
                change('baseCurrency', event.currentTarget.value as BaseCurrency)
              }
            >
              {BASE_CURRENCIES.map((currency) => (
                <option key={currency} value={currency}>
                  {currency} – {t(`profile.currencies.${currency}`)}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="choice-group">
            <legend>{t('profile.account.costMethod')}</legend>
            {COST_METHODS.map((method) => (
              <div key={method} className="field field--check">
                <input
                  id={`${ids}-method-${method}`}
                  type="radio"
                  name="cost_method"
                  value={method}
                  checked={values.costMethod === method}
                  onChange={() => change('costMethod', method)}
                  aria-describedby={`${ids}-method-${method}-hint`}
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
        <FormStatus success={success} error={formError ? errorText(formError) : null} />
        <div className="form-actions">
          <SubmitButton
            pending={action.pending}
            label={t('profile.account.save')}
            disabled={!user}
          />
        </div>
      </form>
    </ProfileSection>
  )
}
