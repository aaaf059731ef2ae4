import { useI18n } from '../app/i18n-context'
import { buildPathLoose } from '../../shared/routes/build-path'
import type { RouteMatch } from '../../shared/routes/match-route'
import { withAuthDialog } from '../../shared/auth/auth-dialog-state'
import { privateScreenOf } from './private-gate'
import { useUserSnapshot } from './user-store'

/**
 * What a private screen is for. A visitor gets a sign-in action that opens the dialog here and
 * comes back to this very screen; a signed-in user of a screen still to come reads its purpose.
 */
export function SignedOutScreen({ match }: { match: RouteMatch }) {
  const { t } = useI18n()
  const { viewer } = useUserSnapshot()
  const screen = privateScreenOf(match)
  const here = buildPathLoose(match.name, match.locale, match.params)
  return (
    <section className="signed-out" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        {t(`signedOut.${screen}.heading`)}
      </h1>
      <p className="lead">{t(`signedOut.${screen}.lead`)}</p>
      {viewer.status === 'signed-in' ? null : (
        <>
          <p>{t('signedOut.note')}</p>
          <p className="actions">
            <a className="button button--primary" href={withAuthDialog(here, 'sign-in')}>
              {t('signedOut.signIn')}
            </a>
          </p>
        </>
      )}
    </section>
  )
}
