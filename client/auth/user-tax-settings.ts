import { taxSettingsOf, type TaxSettings } from '../../shared/tax/tax-settings'
import { useUserSnapshot } from './user-store'

/**
 * The signed-in user's tax settings as this page knows them: from their record once the auth
 * client has it (a change in the profile shows at once), else from what the server said of them;
 * none set for a visitor not signed in.
 */
export function useUserTaxSettings(): TaxSettings {
  const { viewer, user } = useUserSnapshot()
  if (user) return taxSettingsOf(user.user_metadata)
  return viewer.status === 'signed-in' && viewer.user ? viewer.user.tax : taxSettingsOf({})
}
