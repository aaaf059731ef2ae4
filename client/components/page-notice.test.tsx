import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { I18nContext } from '../app/i18n-context'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { noticeOf, PageNotice, withNotice } from './page-notice'

describe('page notices', () => {
  it('are named in the address, beside what it already asks', () => {
    expect(withNotice('/en', 'account-deleted')).toBe('/en?notice=account-deleted')
    expect(withNotice('/?auth=sign-in', 'account-deleted')).toBe(
      '/?auth=sign-in&notice=account-deleted',
    )
    expect(noticeOf(new URL('https://kiymet.app/de?notice=account-deleted'))).toBe(
      'account-deleted',
    )
  })

  it('can only be one of their own: an address cannot make up a text', () => {
    for (const named of ['<b>hi</b>', 'layout.notices.accountDeleted', 'toString', '']) {
      expect(noticeOf(new URL(`https://kiymet.app/?notice=${encodeURIComponent(named)}`))).toBe(
        null,
      )
    }
    expect(noticeOf(new URL('https://kiymet.app/en'))).toBeNull()
  })

  it('render an empty live region on the server, for the browser to fill', async () => {
    const translator = createTranslator('de', await loadMessages('de'))
    expect(
      renderToStaticMarkup(
        <I18nContext value={translator}>
          <PageNotice />
        </I18nContext>,
      ),
    ).toBe('<div class="page-notice" role="status"></div>')
    expect(translator.t('layout.notices.accountDeleted')).toContain('gelöscht')
  })
})
