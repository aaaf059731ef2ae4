import type { Provider, UserIdentity } from '@supabase/supabase-js'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useI18n } from '../app/i18n-context'
import { authClient } from '../auth/auth-client'
import { providerName } from '../auth/provider-names'
import { useProviders } from '../auth/use-providers'
import { buildPath } from '../../shared/routes/build-path'
import { FormStatus, ProfileSection, useProfileSubmit } from './form-parts'
import { dayOf } from './profile-dates'
import { useProfileUser } from './profile-user'

function identityEmail(identity: UserIdentity): string {
  const fromData = identity.identity_data?.email
  return typeof fromData === 'string' ? fromData : ''
}

/**
 * The ways into this account (email, and OAuth providers linked to it): link another provider
 * (through its consent screen, back to this page via /auth/callback), or unlink one, never the
 * last, since the account could not be entered any more.
 */
export function SignInMethodsSection() {
  const { t, locale, formatLocale } = useI18n()
  const { user, reload } = useProfileUser()
  const providers = useProviders()
  const submit = useProfileSubmit(useForm())
  const [message, setMessage] = useState<string | null>(null)
  const identities = user?.identities ?? []
  const linked = new Set(identities.map((identity) => identity.provider))
  const linkable = providers.filter((provider) => !linked.has(provider))
  const onlyOne = identities.length <= 1

  const methodName = (provider: string) =>
    provider === 'email' ? t('profile.methods.email') : providerName(provider)

  const unlink = (identity: UserIdentity) =>
    submit.handle(async () => {
      setMessage(null)
      const client = await authClient()
      const { error } = await client.auth.unlinkIdentity(identity)
      if (error) throw error
      await reload()
      setMessage(t('profile.methods.unlinked', { method: methodName(identity.provider) }))
    })

  const link = (provider: string) =>
    submit.handle(async () => {
      setMessage(null)
      const client = await authClient()
      const profilePath = buildPath('profile', locale)
      const { error } = await client.auth.linkIdentity({
        provider: provider as Provider,
        options: {
          redirectTo: `${window.location.origin}/auth/callback?next=${encodeURIComponent(profilePath)}`,
        },
      })
      // On success the browser is already on its way to the provider.
      if (error) throw error
    })

  return (
    <ProfileSection
      id="sign-in-methods"
      title={t('profile.methods.heading')}
      lead={t('profile.methods.lead')}
    >
      {!user ? (
        <p className="profile-loading" aria-busy="true">
          {t('profile.loading')}
        </p>
      ) : (
        <ul className="item-list" aria-label={t('profile.methods.listLabel')}>
          {identities.map((identity) => {
            const name = methodName(identity.provider)
            const reasonId = `identity-${identity.identity_id}-reason`
            return (
              <li key={identity.identity_id} className="item-list__item">
                <div className="item-list__row">
                  <div>
                    <strong>{name}</strong>
                    {identityEmail(identity) ? (
                      <span className="item-list__meta">{identityEmail(identity)}</span>
                    ) : null}
                    <span className="item-list__meta">
                      {t('profile.methods.since', {
                        date: dayOf(formatLocale, identity.created_at),
                      })}
                    </span>
                  </div>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={onlyOne}
                    aria-describedby={onlyOne ? reasonId : undefined}
                    aria-disabled={submit.pending || undefined}
                    onClick={unlink(identity)}
                    aria-label={t('profile.methods.unlinkNamed', { method: name })}
                  >
                    {t('profile.methods.unlink')}
                  </button>
                </div>
                {onlyOne ? (
                  <p id={reasonId} className="field__hint">
                    {t('profile.methods.lastOne')}
                  </p>
                ) : null}
              </li>
            )
          })}
        </ul>
      )}
      {user && linkable.length > 0 ? (
        <div className="profile-links">
          <p>{t('profile.methods.linkLead')}</p>
          <div className="form-actions">
            {linkable.map((provider) => (
              <button
                key={provider}
                type="button"
                className="button"
                aria-disabled={submit.pending || undefined}
                onClick={link(provider)}
              >
                {t('profile.methods.link', { provider: providerName(provider) })}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      <FormStatus success={message} error={submit.error} />
    </ProfileSection>
  )
}
