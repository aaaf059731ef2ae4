import { ApiError } from '../api/api-client'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessageGroups } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'

/** What to tell the person about a failed API call: the API's own message, in their language. */
export async function messageOf(error: unknown, locale: Locale): Promise<string> {
  if (error instanceof ApiError) return error.message
  const { t } = createTranslator(locale, await loadMessageGroups(locale, ['api']))
  return t('api.errors.unexpected')
}
