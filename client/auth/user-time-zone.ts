import { useI18n } from '../app/i18n-context'
import { userTimeZone, zoneSettingsOf, type UserTimeZone } from '../../shared/time/user-time-zone'
import { useUserSnapshot } from './user-store'

/**
 * The signed-in user's time zone as this page knows it: from their record once the auth client
 * has it, else from what the server said of them, else the page language's. The API's "today"
 * comes from the same settings (worker/api/api-database.ts, callerToday), so both count the
 * same day.
 */
export function useUserTimeZone(): UserTimeZone {
  const { locale } = useI18n()
  const { viewer, user } = useUserSnapshot()
  const known = viewer.status === 'signed-in' ? viewer.user : null
  const settings = user ? zoneSettingsOf(user.user_metadata) : known
  return userTimeZone(settings ?? { timeZone: null, locale: null }, locale)
}
