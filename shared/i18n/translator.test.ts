import { afterEach, describe, expect, it, vi } from 'vitest'
import english from '../../locales/en.json'
import turkish from '../../locales/tr.json'
import type { MessageKey } from './messages'
import { createTranslator } from './translator'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('createTranslator', () => {
  it('fills placeholders', () => {
    const { t } = createTranslator('en', english)
    expect(t('layout.copyright', { year: 2026, operator: 'Kıymet' })).toBe('© 2026 Kıymet')
  })

  it('logs a missing key once and shows the key instead of crashing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { t } = createTranslator('en', english)
    const missing = 'layout.doesNotExist' as MessageKey
    expect(t(missing)).toBe('layout.doesNotExist')
    expect(t(missing)).toBe('layout.doesNotExist')
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toContain('layout.doesNotExist')
  })

  it('chooses plural forms by the locale rules', () => {
    const en = createTranslator('en', english)
    expect(en.plural('pricing.limitPortfolios', 1)).toBe('1 portfolio')
    expect(en.plural('pricing.limitPortfolios', 20)).toBe('Up to 20 portfolios')
    const tr = createTranslator('tr', turkish)
    expect(tr.plural('pricing.limitPortfolios', 20)).toBe('20 portföye kadar')
  })

  it('finds plural forms at any depth', () => {
    const en = createTranslator('en', english)
    expect(en.plural('portfolio.common.days', 1)).toBe('1 day')
    expect(en.plural('portfolio.common.days', 400, { count: '400' })).toBe('400 days')
  })
})
