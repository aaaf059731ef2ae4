import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { I18nContext } from '../app/i18n-context'
import { LOCALE_CODES } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { InternalErrorView } from './error-view'

describe('InternalErrorView', () => {
  it.each(LOCALE_CODES)(
    'shows status 500 and the localized internal-error message in %s',
    async (locale) => {
      const messages = await loadMessages(locale)
      const html = renderToStaticMarkup(
        <I18nContext value={createTranslator(locale, messages)}>
          <InternalErrorView path="/portfoyum" />
        </I18nContext>,
      )
      expect(html).toContain('>500<')
      expect(html).toContain(`>${messages.errors.internalMessage}<`)
      expect(html).toContain(messages.errors.fallbackHint)
    },
  )
})
