import { lazy, Suspense, type ReactNode } from 'react'
import { useI18n } from '../app/i18n-context'
import type { RouteMatch } from '../../shared/routes/match-route'
import { SignedOutScreen } from './signed-out-screen'
import { useUserSnapshot } from './user-store'

const MfaChallenge = lazy(() => import('./mfa-challenge'))

/**
 * What a private screen shows: its purpose and a way in for visitors, the second sign-in step
 * when an authenticator app guards the account, a clear message when the auth server cannot be
 * reached, and the screen itself only to a fully signed-in user.
 */
export function PrivateGate({ match, children }: { match: RouteMatch; children: ReactNode }) {
  const { t } = useI18n()
  const { viewer } = useUserSnapshot()
  if (viewer.status === 'unavailable') {
    return (
      <section className="signed-out" aria-labelledby="page-heading">
        <h1 id="page-heading" tabIndex={-1}>
          {t(`signedOut.${privateScreenOf(match)}.heading`)}
        </h1>
        <p className="notice notice--warning" role="alert">
          {t('session.unavailable')}
        </p>
      </section>
    )
  }
  if (viewer.status === 'signed-out') return <SignedOutScreen match={match} />
  if (viewer.mfaDevices.length > 0) {
    return (
      <Suspense fallback={null}>
        <MfaChallenge devices={viewer.mfaDevices} />
      </Suspense>
    )
  }
  return children
}

export type PrivateScreen =
  | 'portfolios'
  | 'portfolio'
  | 'transaction'
  | 'germanTax'
  | 'turkishTax'
  | 'profile'
  | 'germanTaxPerson'
  | 'turkishTaxPerson'

export function privateScreenOf(match: RouteMatch): PrivateScreen {
  switch (match.name) {
    case 'portfolios':
    case 'portfolio':
    case 'transaction':
    case 'germanTax':
    case 'turkishTax':
    case 'profile':
    case 'germanTaxPerson':
    case 'turkishTaxPerson':
      return match.name
    default:
      throw new Error(`${match.name} is not a private screen`)
  }
}
