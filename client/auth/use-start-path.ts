import { useI18n } from '../app/i18n-context'
import { buildPath } from '../../shared/routes/build-path'
import { withAuthDialog } from '../../shared/auth/auth-dialog-state'
import { useUserSnapshot } from './user-store'

/** Where "Start free" leads: sign-up, then the portfolio area; straight there when signed in. */
export function useStartPath(): string {
  const { locale } = useI18n()
  const { viewer } = useUserSnapshot()
  const portfolios = buildPath('portfolios', locale)
  return viewer.status === 'signed-in' ? portfolios : withAuthDialog(portfolios, 'sign-up')
}
