import { useI18n } from '../app/i18n-context'
import { buildPath } from '../routes/build-path'
import type { RouteMatch } from '../routes/match-route'
import { definePage } from './page-definition'

type PrivateScreen = 'portfolios' | 'portfolio' | 'transaction' | 'profile'

function screenOf(match: RouteMatch): PrivateScreen {
  switch (match.name) {
    case 'portfolios':
    case 'portfolio':
    case 'transaction':
    case 'profile':
      return match.name
    default:
      throw new Error(`${match.name} is not a private screen`)
  }
}

/** What a private screen is for, shown to a visitor who is not signed in. */
function SignedOutPage({ match }: { match: RouteMatch }) {
  const { t, locale } = useI18n()
  const screen = screenOf(match)
  return (
    <section className="signed-out" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        {t(`signedOut.${screen}.heading`)}
      </h1>
      <p className="lead">{t(`signedOut.${screen}.lead`)}</p>
      <p>{t('signedOut.note')}</p>
      <p className="actions" id="sign-in">
        <a className="button button--primary" href={`${buildPath('profile', locale)}#sign-in`}>
          {t('signedOut.signIn')}
        </a>
      </p>
    </section>
  )
}

export default definePage({ Component: SignedOutPage })
