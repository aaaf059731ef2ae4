import { useEffect, useRef, type FormEvent } from 'react'
import { useI18n } from '../app/i18n-context'
import { useCurrentRoute } from '../app/route-context'
import { withAuthDialog } from '../../shared/auth/auth-dialog-state'
import { signOut } from '../auth/sign-out'
import { useUserSnapshot } from '../auth/user-store'
import { buildPath, buildPathLoose } from '../../shared/routes/build-path'

/** The path of the screen on show (the home page on error screens): where sign-in returns. */
function useCurrentPath(): string {
  const { locale } = useI18n()
  const route = useCurrentRoute()
  return route ? buildPathLoose(route.name, route.locale, route.params) : buildPath('home', locale)
}

/**
 * The header's account corner: "Sign in" for visitors; for a signed-in user a menu with who they
 * are (filled in by the browser on reused pages, which never name anyone), the profile and
 * sign-out. A native disclosure, so it works before and without JavaScript.
 */
export function AccountMenu() {
  const { t, locale } = useI18n()
  const { viewer, user } = useUserSnapshot()
  const here = useCurrentPath()
  const details = useRef<HTMLDetailsElement>(null)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.current?.open) return
      details.current.open = false
      details.current.querySelector('summary')?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [])

  if (viewer.status !== 'signed-in') {
    return (
      <a className="button button--small account-sign-in" href={withAuthDialog(here, 'sign-in')}>
        {t('account.signIn')}
      </a>
    )
  }

  const name = (user?.user_metadata.display_name as string | undefined) ?? viewer.user?.name
  const email = user?.email ?? viewer.user?.email

  const onSignOut = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void signOut('local', here, locale)
      .catch(() => buildPath('home', locale))
      .then((next) => window.location.assign(next))
  }

  return (
    <details className="account-menu" ref={details}>
      <summary className="account-menu__button">
        <svg
          className="account-menu__icon"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
        >
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
        </svg>
        <span className="account-menu__label">{t('account.menu')}</span>
      </summary>
      <div className="account-menu__panel">
        {email ? (
          <p className="account-menu__who">
            <span className="account-menu__caption">{t('account.signedInAs')}</span>
            {name ? <strong>{name}</strong> : null}
            <span className="account-menu__email">{email}</span>
          </p>
        ) : null}
        <a href={buildPath('profile', locale)}>{t('account.profile')}</a>
        <form method="post" action="/auth/sign-out" onSubmit={onSignOut}>
          <input type="hidden" name="next" value={here} />
          <input type="hidden" name="locale" value={locale} />
          <button type="submit" className="account-menu__sign-out">
            {t('account.signOut')}
          </button>
        </form>
      </div>
    </details>
  )
}
