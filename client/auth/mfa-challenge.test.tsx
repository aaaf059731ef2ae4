import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { I18nContext } from '../app/i18n-context'
import { SIGNED_OUT_VIEW, type MfaDevice } from '../../shared/auth/viewer'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import MfaChallenge from './mfa-challenge'
import { SessionContext } from './user-store'

const PHONE = { id: '6f1c0c4e-0000-4000-8000-000000000001', name: 'Phone' }
const BACKUP = { id: '6f1c0c4e-0000-4000-8000-000000000002', name: 'Yedek telefon' }
const UNNAMED = { id: '6f1c0c4e-0000-4000-8000-000000000003', name: '' }

/** The second step as the worker renders it for a visitor with these devices. */
async function render(devices: MfaDevice[]) {
  const translator = createTranslator('tr', await loadMessages('tr'))
  return renderToStaticMarkup(
    <I18nContext value={translator}>
      <SessionContext value={SIGNED_OUT_VIEW}>
        <MfaChallenge devices={devices} />
      </SessionContext>
    </I18nContext>,
  )
}

/** The radios of the form: value, name, whether checked, and the text of their label. */
function radios(html: string) {
  return [...html.matchAll(/<input ([^>]*type="radio"[^>]*)\/><label for="[^"]+">([^<]+)</g)].map(
    ([, attributes = '', label]) => ({
      value: /value="([^"]+)"/.exec(attributes)?.[1],
      name: /name="([^"]+)"/.exec(attributes)?.[1],
      checked: attributes.includes('checked'),
      label,
    }),
  )
}

describe('MfaChallenge', () => {
  it('with several devices, asks which one the code comes from: the first chosen, posted as factor', async () => {
    const html = await render([PHONE, BACKUP, UNNAMED])
    expect(radios(html)).toEqual([
      { value: PHONE.id, label: 'Phone', checked: true, name: 'factor' },
      { value: BACKUP.id, label: 'Yedek telefon', checked: false, name: 'factor' },
      { value: UNNAMED.id, label: 'Doğrulama uygulaması', checked: false, name: 'factor' },
    ])
    expect(html).toContain('<legend>Hangi cihazı kullanıyorsunuz?</legend>')
    expect(html).toContain('Yanınızdaki cihazı seçin')
    // With one device there is nothing to choose: the worker takes its code.
    const single = await render([PHONE])
    expect(radios(single)).toEqual([])
    expect(single).toContain('name="code"')
  })
})
