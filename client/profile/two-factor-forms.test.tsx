import type { Factor, User } from '@supabase/supabase-js'
import { renderToStaticMarkup } from 'react-dom/server'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { I18nContext } from '../app/i18n-context'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { taxSettingsOf } from '../../shared/tax/tax-settings'
import { ProfileUserContext } from './profile-user'
import { deviceOf, otpauthLink, RemoveFactorForm, TotpKey } from './two-factor-forms'
import { TwoFactorSection } from './two-factor-section'

const URI =
  'otpauth://totp/K%C4%B1ymet:ada%40example.com?issuer=K%C4%B1ymet&secret=JBSWY3DPEHPK3PXPJBSWY3DP&algorithm=SHA1&digits=6&period=30'

function factor(id: string, name: string): Factor {
  return {
    id,
    friendly_name: name,
    factor_type: 'totp',
    status: 'verified',
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
  }
}

const PHONE = factor('f0000000-0000-4000-8000-000000000001', 'Phone')
const BACKUP = factor('f0000000-0000-4000-8000-000000000002', 'Backup phone')
const TABLET = factor('f0000000-0000-4000-8000-000000000003', 'Tablet')

async function render(node: ReactNode, locale: Locale = 'en') {
  const translator = createTranslator(locale, await loadMessages(locale))
  return renderToStaticMarkup(<I18nContext value={translator}>{node}</I18nContext>)
}

/** The profile's two-step section for a user with these verified factors. */
function section(factors: Factor[]) {
  const user = { id: 'u1', email: 'ada@example.com', factors } as unknown as User
  return (
    <ProfileUserContext
      value={{
        viewer: {
          id: 'u1',
          email: 'ada@example.com',
          name: null,
          locale: 'en',
          timeZone: null,
          tax: taxSettingsOf({}),
          aal: 'aal2',
        },
        user,
        loadFailed: false,
        replaceUser: () => undefined,
        reload: () => Promise.resolve(),
      }}
    >
      <TwoFactorSection />
    </ProfileUserContext>
  )
}

const noop = () => Promise.resolve()

describe('TotpKey', () => {
  it('beside the QR code, opens the key in the authenticator app and shows it to type', async () => {
    const html = await render(
      <TotpKey
        enrolment={{
          factorId: PHONE.id,
          name: 'Phone',
          qrCode: 'data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E',
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
          uri: URI,
        }}
      />,
      'de',
    )
    expect(html).toContain(
      `<a class="button" href="${URI.replaceAll('&', '&amp;')}">In Authenticator-App öffnen</a>`,
    )
    expect(html).toContain('>JBSW Y3DP EHPK 3PXP JBSW Y3DP</code>')
    expect(html.indexOf('class="totp-qr"')).toBeLessThan(html.indexOf('otpauth://'))
  })

  it('links only to an otpauth TOTP key', () => {
    expect(otpauthLink(URI)).toBe(URI)
    expect(otpauthLink('javascript:alert(1)')).toBeNull()
    expect(otpauthLink('https://example.com/otpauth://totp/x')).toBeNull()
  })
})

describe('RemoveFactorForm', () => {
  const form = (removed: Factor, factors: Factor[]) => (
    <RemoveFactorForm
      factor={removed}
      devices={factors.map(deviceOf)}
      onDone={noop}
      onCancel={() => undefined}
    />
  )

  it('confirms with a code from a device that stays, so the session keeps its second step', async () => {
    const html = await render(form(PHONE, [PHONE, BACKUP]))
    expect(html).toContain('>Current code from “Backup phone”</label>')
    expect(html).toContain('Confirm with a current code from a device you keep.')
    expect(html).not.toContain('type="radio"')
    // With several that stay, the person chooses one of them, never the one removed.
    const several = await render(form(PHONE, [PHONE, BACKUP, TABLET]))
    expect(several).toContain('<legend>Device to confirm with</legend>')
    expect([...several.matchAll(/type="radio"[^>]*value="([^"]+)"/g)].map(([, id]) => id)).toEqual([
      BACKUP.id,
      TABLET.id,
    ])
    expect(several).toContain('Current code from the chosen device')
  })

  it('warns that removing the last device turns two-step verification off', async () => {
    const html = await render(form(PHONE, [PHONE]), 'tr')
    expect(html).toContain(
      '<p class="notice notice--warning">Bu tek cihazınız: kaldırırsanız iki adımlı doğrulama kapanır.</p>',
    )
    expect(html).toContain('“Phone” uygulamasındaki güncel kod')
  })
})

describe('TwoFactorSection', () => {
  it('with one device, offers a backup device and says why', async () => {
    const html = await render(section([PHONE]))
    expect(html).toContain('>Add a backup device</button>')
    expect(html).toContain('If you lose this device, you can no longer sign in.')
    const none = await render(section([]))
    expect(none).toContain('>Set up an authenticator app</button>')
    expect(none).not.toContain('If you lose this device')
  })

  it('lists every device by name, each with its own Remove button', async () => {
    const html = await render(section([PHONE, BACKUP]), 'de')
    expect([...html.matchAll(/<strong>([^<]+)<\/strong>/g)].map(([, name]) => name)).toEqual([
      'Phone',
      'Backup phone',
    ])
    expect(html).toContain('aria-label="Backup phone entfernen"')
    expect(html).toContain('>Ersatzgerät hinzufügen</button>')
    expect(html).not.toContain('Wenn Sie dieses Gerät verlieren')
  })
})
