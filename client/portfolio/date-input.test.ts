import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isoDate } from '../../shared/api/schemas/common'
import { FORMAT_LOCALE_TAGS, formatConventions } from '../../shared/i18n/format-locale'
import { createTranslator } from '../../shared/i18n/translator'
import { loadMessages } from '../../shared/i18n/messages'
import { dateExample, datePattern, formatDateInput, parseDateInput } from './date-input'

const ok = (value: string) => ({ ok: true, value })
const refused = (error: string) => ({ ok: false, error })

describe('parseDateInput', () => {
  it.each([
    ['25.11.2026', 'tr-TR', '2026-11-25'],
    ['25.11.2026', 'de-DE', '2026-11-25'],
    ['5.1.2026', 'de-DE', '2026-01-05'],
    ['05.01.2026', 'tr-TR', '2026-01-05'],
    ['5.1.26', 'tr-TR', '2026-01-05'],
    ['25. 11. 2026', 'de-DE', '2026-11-25'],
    ['  25.11.2026\u00a0', 'de-DE', '2026-11-25'],
    ['25/11/2026', 'tr-TR', '2026-11-25'],
    ['25-11-2026', 'de-DE', '2026-11-25'],
    ['05/05/2026', 'de-DE', '2026-05-05'],
    ['11/25/2026', 'en-US', '2026-11-25'],
    ['11/25/26', 'en-US', '2026-11-25'],
    ['1/5/2026', 'en-US', '2026-01-05'],
    ['11-25-2026', 'en-US', '2026-11-25'],
    ['11.25.2026', 'en-US', '2026-11-25'],
    ['2026-11-25', 'tr-TR', '2026-11-25'],
    ['2026-11-25', 'de-DE', '2026-11-25'],
    ['2026-11-25', 'en-US', '2026-11-25'],
    ['2026-1-5', 'en-US', '2026-01-05'],
    ['29.02.2024', 'de-DE', '2024-02-29'],
    ['01.01.1900', 'tr-TR', '1900-01-01'],
    ['12/31/2099', 'en-US', '2099-12-31'],
    ['31.12.99', 'de-DE', '2099-12-31'],
    ['1.1.00', 'tr-TR', '2000-01-01'],
  ] as const)('reads %j in %s as %s', (input, locale, value) => {
    expect(parseDateInput(input, locale)).toEqual(ok(value))
  })

  it.each([
    ['', 'de-DE', 'malformed'],
    ['   ', 'en-US', 'malformed'],
    ['heute', 'de-DE', 'malformed'],
    ['25.11', 'tr-TR', 'malformed'],
    ['25.11.', 'de-DE', 'malformed'],
    ['25.11.2026.', 'de-DE', 'malformed'],
    ['25.11/2026', 'tr-TR', 'malformed'],
    ['25.11.202', 'de-DE', 'malformed'],
    ['25.11.20266', 'de-DE', 'malformed'],
    ['125.11.2026', 'tr-TR', 'malformed'],
    ['20261125', 'en-US', 'malformed'],
    ['2026/11/25', 'en-US', 'malformed'],
    ['25-11-26', 'de-DE', 'malformed'],
    ['26-11-25', 'tr-TR', 'malformed'],
    ['11-25-26', 'en-US', 'malformed'],
    ['-25.11.2026', 'de-DE', 'malformed'],
    ['05/01/2026', 'de-DE', 'ambiguous'],
    ['05-01-2026', 'tr-TR', 'ambiguous'],
    ['01.05.2026', 'en-US', 'ambiguous'],
    ['01-05-2026', 'en-US', 'ambiguous'],
    ['31.02.2026', 'de-DE', 'impossible'],
    ['29.02.2026', 'tr-TR', 'impossible'],
    ['29.02.2100', 'tr-TR', 'date_range'],
    ['0.1.2026', 'de-DE', 'impossible'],
    ['25.13.2026', 'de-DE', 'impossible'],
    ['25/11/2026', 'en-US', 'impossible'],
    ['25.11.2026', 'en-US', 'impossible'],
    ['2026-02-30', 'tr-TR', 'impossible'],
    ['2026-00-10', 'en-US', 'impossible'],
    ['31.12.1899', 'de-DE', 'date_range'],
    ['01/01/2100', 'en-US', 'date_range'],
    ['0224-03-02', 'tr-TR', 'date_range'],
  ] as const)('refuses %j in %s as %s', (input, locale, error) => {
    expect(parseDateInput(input, locale)).toEqual(refused(error))
  })

  it('gives only what the API accepts as a date', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FORMAT_LOCALE_TAGS),
        fc.stringMatching(/^[\d./ -]{0,12}$/),
        (locale, input) => {
          const parsed = parseDateInput(input, locale)
          if (parsed.ok) expect(isoDate.safeParse(parsed.value).success).toBe(true)
        },
      ),
    )
  })

  it('never reads day and month the other way round than the locale writes them', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FORMAT_LOCALE_TAGS),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 31 }),
        fc.constantFrom('.', '/', '-'),
        (locale, first, second, separator) => {
          const parsed = parseDateInput(`${first}${separator}${second}${separator}2024`, locale)
          const { dayFirst, dateSeparator } = formatConventions(locale)
          const [day, month] = dayFirst ? [first, second] : [second, first]
          if (parsed.ok) expect(parsed.value.slice(5)).toBe(`${pad(month)}-${pad(day)}`)
          // A real day in the locale's order is read when the other order cannot be meant
          // (no real day, or the same day), or is written with the locale's own separator.
          const own = separator === dateSeparator
          const otherCannotBeMeant = !isDayOf2024(month, day) || day === month
          if (isDayOf2024(day, month) && (own || otherCannotBeMeant)) {
            expect(parsed).toEqual(ok(`2024-${pad(month)}-${pad(day)}`))
          }
        },
      ),
    )
  })
})

const pad = (part: number) => String(part).padStart(2, '0')
const isDayOf2024 = (day: number, month: number) =>
  month <= 12 && day <= new Date(Date.UTC(2024, month, 0)).getUTCDate()

/** Every date the API takes. */
const apiDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z') })
  .filter((date) => !Number.isNaN(date.getTime()))
  .map((date) => date.toISOString().slice(0, 10))

describe('formatDateInput', () => {
  it.each([
    ['2026-11-25', 'tr-TR', '25.11.2026'],
    ['2026-11-25', 'de-DE', '25.11.2026'],
    ['2026-11-25', 'en-US', '11/25/2026'],
    ['2026-01-05', 'de-DE', '05.01.2026'],
    ['2026-01-05', 'en-US', '01/05/2026'],
  ] as const)('writes %s in %s as %s', (value, locale, text) => {
    expect(formatDateInput(value, locale)).toBe(text)
  })

  it('is read back as the same day in every language', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORMAT_LOCALE_TAGS), apiDate, (locale, value) => {
        expect(parseDateInput(formatDateInput(value, locale), locale)).toEqual(ok(value))
      }),
    )
  })

  it('is read back without leading zeros, and with a short year in this century', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORMAT_LOCALE_TAGS), apiDate, (locale, value) => {
        const [year = '', month = '', day = ''] = value.split('-')
        const short = year.startsWith('20') ? year.slice(2) : year
        const { dayFirst, dateSeparator } = formatConventions(locale)
        const [d, m] = [String(Number(day)), String(Number(month))]
        const text = (dayFirst ? [d, m, short] : [m, d, short]).join(dateSeparator)
        expect(parseDateInput(text, locale)).toEqual(ok(value))
      }),
    )
  })

  it('gives an example in the locale format', () => {
    expect(dateExample('tr-TR')).toBe('25.11.2026')
    expect(dateExample('en-US')).toBe('11/25/2026')
    expect(dateExample('en-GB')).toBe('25/11/2026')
  })
})

describe('dates in English, by region', () => {
  it.each([
    ['20/11/2026', 'en-GB', '2026-11-20'],
    ['20.11.2026', 'en-GB', '2026-11-20'],
    ['20-11-2026', 'en-GB', '2026-11-20'],
    ['5/1/26', 'en-GB', '2026-01-05'],
    ['05/01/2026', 'en-IE', '2026-01-05'],
    ['20.11.2026', 'en-DE', '2026-11-20'],
    ['05/01/2026', 'en-TR', '2026-01-05'],
  ] as const)('reads %j in %s as %s', (input, locale, value) => {
    expect(parseDateInput(input, locale)).toEqual(ok(value))
  })

  it('refuses the US order where the region writes the day first', () => {
    expect(parseDateInput('11/20/2026', 'en-GB')).toEqual(refused('impossible'))
    expect(parseDateInput('05.01.2026', 'en-GB')).toEqual(refused('ambiguous'))
    expect(parseDateInput('20.11.2026', 'en-US')).toEqual(refused('impossible'))
  })

  it('writes the day first for Britain and month first for the US', () => {
    expect(formatDateInput('2026-11-20', 'en-GB')).toBe('20/11/2026')
    expect(formatDateInput('2026-11-20', 'en-US')).toBe('11/20/2026')
  })

  it('asks for the pattern in the region’s order, in the language’s letters', async () => {
    const english = await loadMessages('en')
    expect(datePattern(createTranslator('en', english, 'en-GB'))).toBe('DD/MM/YYYY')
    expect(datePattern(createTranslator('en', english, 'en-US'))).toBe('MM/DD/YYYY')
    expect(datePattern(createTranslator('de', await loadMessages('de')))).toBe('TT.MM.JJJJ')
    expect(datePattern(createTranslator('tr', await loadMessages('tr')))).toBe('GG.AA.YYYY')
  })
})
