import { renderToStaticMarkup } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { I18nContext } from '../app/i18n-context'
import type { Locale } from '../../shared/i18n/locales'
import { loadMessages } from '../../shared/i18n/messages'
import { createTranslator } from '../../shared/i18n/translator'
import { taxSettingsOf } from '../../shared/tax/tax-settings'
import { ProfileUserContext } from './profile-user'
import { TaxSection } from './tax-section'

/** The section as the server renders it for a user whose token carries `metadata`. */
async function render(metadata: Record<string, unknown>, locale: Locale = 'en') {
  const translator = createTranslator(locale, await loadMessages(locale))
  return renderToStaticMarkup(
    <I18nContext value={translator}>
      <ProfileUserContext
        value={{
          viewer: {
            id: 'u1',
            email: 'ada@example.com',
            name: null,
            locale,
            timeZone: null,
            tax: taxSettingsOf(metadata),
            aal: 'aal1',
          },
          user: null,
          loadFailed: false,
          replaceUser: () => undefined,
          reload: () => Promise.resolve(),
        }}
      >
        <TaxSection />
      </ProfileUserContext>
    </I18nContext>,
  )
}

/** The texts of the options and labels, in order. */
function labels(html: string): string[] {
  return [...html.matchAll(/<(?:option|label|legend)[^>]*>([^<]+)</g)].map(
    (match) => match[1] ?? '',
  )
}

describe('TaxSection', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-06-01T12:00:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('asks only for the residence until Germany is chosen, and says what the settings are for', async () => {
    const html = await render({})
    expect(labels(html)).toEqual(['Tax residence', 'Not set', 'Germany', 'Türkiye'])
    expect(html).toContain('<option value="" selected="">Not set</option>')
    expect(html).toContain('an estimate, not tax advice')
    expect(html).not.toContain('Exemption orders')
    expect(html).not.toContain('across all depots')
  })

  it('for a German resident, joint assessment, church tax and the exemption orders of the year', async () => {
    const html = await render(
      { tax_residence: 'DE', tax_joint_assessment: true, church_tax_rate: '0.08' },
      'de',
    )
    expect(labels(html)).toEqual([
      'Steuerlicher Wohnsitz',
      'Nicht angegeben',
      'Deutschland',
      'Türkei',
      'Zusammenveranlagung mit Ehe- oder Lebenspartner',
      'Kirchensteuer',
      'Keine',
      '8 %',
      '9 %',
      'Jahr',
      // Orders are given a year ahead, and recorded back to the first year of the Abgeltungsteuer.
      ...Array.from({ length: 2027 - 2009 + 1 }, (_, index) => String(2027 - index)),
    ])
    expect(html).toContain('<option value="2026" selected="">2026</option>')
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*checked=""/)
    expect(html).toMatch(/<input[^>]*type="radio"[^>]*checked="" value="0.08"/)
    expect(html).toContain('8 % in Bayern und Baden-Württemberg, 9 % in den übrigen Ländern.')
    expect(html).toContain('<h3>Freistellungsaufträge</h3>')
    // The year's orders load in the browser.
    expect(html).toContain('aria-busy="true"')
    // This year across all depots, on a screen of its own.
    expect(html).toContain(
      '<a href="/de/profil/steuern/2026">Ihre Steuern 2026 über alle Depots</a>',
    )
  })

  it('offers Türkiye, without the German settings, and links the year across all portfolios', async () => {
    const html = await render({ tax_residence: 'TR' }, 'tr')
    expect(html).toContain('<option value="TR" selected="">Türkiye</option>')
    expect(html).not.toContain('Kilise vergisi')
    expect(html).toContain(
      '<a href="/profil/vergi/2026">Tüm portföylerinizde 2026 vergileriniz</a>',
    )
    expect(html).not.toContain('almanya-vergisi')
  })
})
