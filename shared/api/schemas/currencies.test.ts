import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CURRENCIES, CURRENCY_SOURCES, isCurrency } from './currencies'

const FIXTURES = join(import.meta.dirname, '../../../tests/fx-fixtures')

/** The currencies of a bank's documents among the fixtures (`currency='USD'`, `CurrencyCode="USD"`). */
function published(folder: string, attribute: RegExp): Set<string> {
  const files = readdirSync(join(FIXTURES, folder), { recursive: true, encoding: 'utf8' })
  return new Set(
    files
      .filter((file) => file.endsWith('.xml'))
      .flatMap((file) => [
        ...readFileSync(join(FIXTURES, folder, file), 'utf8').matchAll(attribute),
      ])
      .map((match) => String(match[1])),
  )
}

function convertedBy(source: 'ECB' | 'TCMB'): string[] {
  return CURRENCIES.filter((code) => (CURRENCY_SOURCES[code] as readonly string[]).includes(source))
}

describe('the currencies the app takes', () => {
  it('are ISO 4217 codes, in code order', () => {
    const iso = new Set(Intl.supportedValuesOf('currency'))
    expect(CURRENCIES.filter((code) => !iso.has(code))).toEqual([])
    expect(CURRENCIES).toEqual([...CURRENCIES].sort())
  })

  it('are the ECB’s euro reference rates and the euro', () => {
    const ecb = published('ecb', /currency='([A-Z]{3})'/g)
    expect(ecb.size).toBe(30)
    expect(convertedBy('ECB')).toEqual([...ecb, 'EUR'].sort())
  })

  it('include every currency of the TCMB’s bulletins, and the lira', () => {
    const tcmb = published('tcmb', /CurrencyCode="([A-Z]{3})"/g)
    expect([...tcmb, 'TRY'].filter((code) => !convertedBy('TCMB').includes(code))).toEqual([])
  })

  it('leave out made-up codes and those no rate converts', () => {
    expect(['USD', 'TRY', 'EUR', 'XDR'].every(isCurrency)).toBe(true)
    for (const code of ['ABC', 'ZZZ', 'usd', 'VND', 'EURO', '', 'constructor']) {
      expect(isCurrency(code), code).toBe(false)
    }
  })
})
