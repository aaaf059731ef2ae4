import { describe, expect, it } from 'vitest'
import { LOCALE_CODES } from '../i18n/locales'
import { isTimeZone } from './day-in-zone'
import { LANGUAGE_TIME_ZONES, userTimeZone, zoneSettingsOf } from './user-time-zone'

describe('zoneSettingsOf', () => {
  it('reads the chosen zone and language of an account’s metadata', () => {
    expect(zoneSettingsOf({ time_zone: 'Europe/Vienna', locale: 'de' })).toEqual({
      timeZone: 'Europe/Vienna',
      locale: 'de',
    })
  })

  it('counts what the platform does not know as not chosen', () => {
    expect(zoneSettingsOf({ time_zone: 'Mars/Olympus', locale: 'fr' })).toEqual({
      timeZone: null,
      locale: null,
    })
    expect(zoneSettingsOf({ time_zone: 3 })).toEqual({ timeZone: null, locale: null })
    expect(zoneSettingsOf(undefined)).toEqual({ timeZone: null, locale: null })
  })
})

describe('userTimeZone', () => {
  it('is the chosen zone, whatever the language', () => {
    expect(userTimeZone({ timeZone: 'America/New_York', locale: 'tr' }, 'tr')).toEqual({
      zone: 'America/New_York',
      chosen: true,
    })
  })

  it('is the language’s zone without a choice: Istanbul, Berlin, UTC', () => {
    expect(userTimeZone({ timeZone: null, locale: 'tr' }, 'en')).toEqual({
      zone: 'Europe/Istanbul',
      chosen: false,
    })
    expect(userTimeZone({ timeZone: null, locale: 'de' }, 'tr').zone).toBe('Europe/Berlin')
    expect(userTimeZone({ timeZone: null, locale: 'en' }, 'tr').zone).toBe('UTC')
  })

  it('is the page’s language’s zone when the account has no language either', () => {
    expect(userTimeZone({ timeZone: null, locale: null }, 'de').zone).toBe('Europe/Berlin')
  })

  it('gives every language a zone the platform knows', () => {
    for (const locale of LOCALE_CODES) expect(isTimeZone(LANGUAGE_TIME_ZONES[locale])).toBe(true)
  })
})
