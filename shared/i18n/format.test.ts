import { describe, expect, it } from 'vitest'
import {
  decimalMark,
  formatAveragePrice,
  formatDate,
  formatDay,
  formatMonth,
  formatFileDate,
  formatMoney,
  formatNumber,
  formatPercent,
  formatUnitPrice,
} from './format'
import { FORMAT_LOCALE_TAGS, formatConventions } from './format-locale'

describe('formatDate', () => {
  it('writes day.month.year in Turkish and German, mm/dd/yy in US English', () => {
    expect(formatDate('tr-TR', '2026-11-02')).toBe('02.11.2026')
    expect(formatDate('de-DE', '2026-11-02')).toBe('02.11.2026')
    expect(formatDate('en-US', '2026-11-02')).toBe('11/02/26')
  })

  it('writes day/month/year in English for readers in Britain, Ireland, Germany, Türkiye', () => {
    expect(formatDate('en-GB', '2026-11-20')).toBe('20/11/2026')
    expect(formatDate('en-IE', '2026-11-20')).toBe('20/11/2026')
    expect(formatDate('en-DE', '2026-01-05')).toBe('05/01/2026')
    expect(formatDate('en-TR', '2026-11-20')).toBe('20/11/2026')
  })

  it('writes what Intl writes for each region it knows', () => {
    const days = ['2026-01-05', '2026-11-20', '1999-12-31', '2099-02-28']
    for (const tag of FORMAT_LOCALE_TAGS) {
      const { dateIntl, shortYear } = formatConventions(tag)
      const intl = new Intl.DateTimeFormat(dateIntl, {
        day: '2-digit',
        month: '2-digit',
        year: shortYear ? '2-digit' : 'numeric',
        timeZone: 'UTC',
      })
      for (const day of days) {
        expect(formatDate(tag, day), tag).toBe(intl.format(new Date(`${day}T00:00:00Z`)))
      }
    }
  })
})

describe('formatMonth', () => {
  it('names a month with its year in each language', () => {
    expect(formatMonth('tr-TR', '2025-05')).toBe('Mayıs 2025')
    expect(formatMonth('de-DE', '2025-05')).toBe('Mai 2025')
    expect(formatMonth('en-US', '2025-12')).toBe('December 2025')
  })
})

describe('formatDay', () => {
  it('names a day by its weekday, day and month in each language', () => {
    expect(formatDay('tr-TR', '2026-11-27')).toBe('27 Kas Cum')
    expect(formatDay('de-DE', '2026-11-27')).toBe('Fr., 27. Nov.')
    expect(formatDay('en-US', '2026-11-27')).toBe('Fri, Nov 27')
  })

  it('puts the day first for English readers who write it first', () => {
    expect(formatDay('en-GB', '2026-11-27')).toBe('Fri 27 Nov')
    expect(formatDay('en-TR', '2026-11-27')).toBe('Fri 27 Nov')
  })
})

describe('formatFileDate', () => {
  it("writes the locale's order with the whole year, so no century is guessed", () => {
    expect(formatFileDate('tr-TR', '2026-11-20')).toBe('20.11.2026')
    expect(formatFileDate('de-DE', '2026-11-02')).toBe('02.11.2026')
    expect(formatFileDate('en-US', '2026-11-02')).toBe('11/02/2026')
  })
})

describe('decimalMark', () => {
  it('is a comma in Turkish and German, a point in English', () => {
    expect(decimalMark('tr-TR')).toBe(',')
    expect(decimalMark('de-DE')).toBe(',')
    expect(decimalMark('en-US')).toBe('.')
  })
})

describe('formatMoney', () => {
  it('formats each currency in the locale style', () => {
    expect(formatMoney('tr-TR', '1490', 'TRY')).toBe('₺1.490,00')
    expect(formatMoney('de-DE', '49.90', 'EUR')).toBe('49,90\u00a0€')
    expect(formatMoney('en-US', '4.99', 'USD')).toBe('$4.99')
  })

  it('keeps decimals exact beyond float precision', () => {
    expect(formatMoney('en-US', '12345678901234567.89', 'USD')).toBe('$12,345,678,901,234,567.89')
  })

  it('can drop a zero fraction', () => {
    expect(formatMoney('tr-TR', '149', 'TRY', { trimZeroFraction: true })).toBe('₺149')
    expect(formatMoney('tr-TR', '149.50', 'TRY', { trimZeroFraction: true })).toBe('₺149,50')
  })
})

describe('formatUnitPrice', () => {
  it('shows a fund price with all six decimals in each locale', () => {
    expect(formatUnitPrice('tr-TR', '0.812345', 'TRY')).toBe('₺0,812345')
    expect(formatUnitPrice('de-DE', '0.812345', 'EUR')).toBe('0,812345\u00a0€')
    expect(formatUnitPrice('en-US', '0.812345', 'USD')).toBe('$0.812345')
  })

  it.each([
    ['280.50', '₺280,50', '280,50\u00a0€', '$280.50'],
    ['1.5', '₺1,50', '1,50\u00a0€', '$1.50'],
    ['12.3456789', '₺12,3456789', '12,3456789\u00a0€', '$12.3456789'],
    ['1490', '₺1.490,00', '1.490,00\u00a0€', '$1,490.00'],
    ['0.81234500', '₺0,812345', '0,812345\u00a0€', '$0.812345'],
    ['250.600000000000', '₺250,60', '250,60\u00a0€', '$250.60'],
    ['0.000000012345', '₺0,000000012345', '0,000000012345\u00a0€', '$0.000000012345'],
  ] as const)('shows %s at its own precision, at least two decimals', (price, tr, de, en) => {
    expect(formatUnitPrice('tr-TR', price, 'TRY')).toBe(tr)
    expect(formatUnitPrice('de-DE', price, 'EUR')).toBe(de)
    expect(formatUnitPrice('en-US', price, 'USD')).toBe(en)
  })

  it('keeps all 20 decimals the API allows exactly, beyond float precision', () => {
    expect(formatUnitPrice('en-US', '12345678901234567.12345678901234567891', 'USD')).toBe(
      '$12,345,678,901,234,567.12345678901234567891',
    )
    expect(formatUnitPrice('tr-TR', '0.10000000000000000001', 'TRY')).toBe(
      '₺0,10000000000000000001',
    )
  })

  it('never rounds, where money would', () => {
    expect(formatMoney('tr-TR', '0.815', 'TRY')).toBe('₺0,82')
    expect(formatUnitPrice('tr-TR', '0.815', 'TRY')).toBe('₺0,815')
    expect(formatUnitPrice('de-DE', '-0.005', 'EUR')).toBe('-0,005\u00a0€')
  })

  it('shows a fund’s price with the six decimals TEFAS publishes, zeros included', () => {
    expect(formatUnitPrice('tr-TR', '0.93', 'TRY', 6)).toBe('₺0,930000')
    expect(formatUnitPrice('de-DE', '1.5', 'TRY', 6)).toBe('1,500000\u00a0TRY')
    expect(formatUnitPrice('tr-TR', '0.1234567', 'TRY', 6)).toBe('₺0,1234567')
    expect(formatAveragePrice('tr-TR', '1.2345674', 'TRY', '0.93', 6)).toBe('₺1,234567')
    expect(formatAveragePrice('en-US', '1.5', 'TRY', null, 6)).toBe('TRY\u00a01.500000')
  })

  it('starts from the currency’s own decimals, as money does', () => {
    expect(formatUnitPrice('en-US', '150', 'JPY')).toBe('¥150')
    expect(formatUnitPrice('en-US', '150.5', 'JPY')).toBe('¥150.5')
    expect(formatUnitPrice('en-US', '1.5', 'KWD')).toBe('KWD\u00a01.500')
    expect(formatUnitPrice('en-US', '1.23456', 'KWD')).toBe('KWD\u00a01.23456')
  })
})

describe('formatNumber', () => {
  it('uses the locale separators', () => {
    expect(formatNumber('de-DE', '1234.5')).toBe('1.234,5')
    expect(formatNumber('en-US', '1234.5')).toBe('1,234.5')
  })

  it('uses the region’s separators in English', () => {
    expect(formatNumber('en-GB', '1234.56')).toBe('1,234.56')
    expect(formatNumber('en-DE', '1234.56')).toBe('1.234,56')
    expect(formatNumber('en-TR', '-1234567.5')).toBe('-1.234.567,5')
  })

  it('separates as Intl does for each region it knows (it has no English data for Türkiye)', () => {
    for (const tag of FORMAT_LOCALE_TAGS.filter((tag) => tag !== 'en-TR')) {
      expect(formatNumber(tag, 1234567.5), tag).toBe(new Intl.NumberFormat(tag).format(1234567.5))
    }
  })
})

describe('English money and percentages in a region', () => {
  it('keep English symbols and the region’s separators', () => {
    expect(formatMoney('en-GB', '1234.56', 'GBP')).toBe('£1,234.56')
    expect(formatMoney('en-DE', '1234.5', 'EUR')).toBe('€1.234,50')
    expect(formatMoney('en-TR', '-1490', 'TRY', { signed: true })).toBe('-TRY\u00a01.490,00')
    expect(formatUnitPrice('en-DE', '0.812345', 'EUR')).toBe('€0,812345')
    expect(formatPercent('en-DE', 0.1234, { signed: true })).toBe('+12,34%')
    expect(formatPercent('en-GB', 0.1234)).toBe('12.34%')
  })
})

describe('formatPercent', () => {
  it('writes fractions as signed percentages in the locale style', () => {
    expect(formatPercent('tr-TR', 0.1234, { signed: true })).toBe('+%12,34')
    expect(formatPercent('de-DE', -0.05)).toBe('-5,00\u00a0%')
    expect(formatPercent('en-US', 0.5, { signed: true })).toBe('+50.00%')
  })
})

describe('signed money', () => {
  it('marks gains with + and losses with −', () => {
    expect(formatMoney('en-US', '12.5', 'USD', { signed: true })).toBe('+$12.50')
    expect(formatMoney('de-DE', '-12.5', 'EUR', { signed: true })).toBe('-12,50\u00a0€')
  })
})

describe('formatAveragePrice', () => {
  it('rounds a quotient to the decimals the instrument is quoted in, at least the currency’s', () => {
    expect(formatAveragePrice('en-US', '251.333333333333333333', 'TRY', '280.5')).toBe(
      'TRY\u00a0251.33',
    )
    expect(formatAveragePrice('tr-TR', '0.81234567', 'TRY', '0.812345')).toBe('₺0,812346')
    expect(formatAveragePrice('de-DE', '12.5', 'EUR', '12.3456')).toBe('12,50\u00a0€')
  })

  it('uses the currency’s decimals without a quoted price', () => {
    expect(formatAveragePrice('tr-TR', '0.81234567', 'TRY', null)).toBe('₺0,81')
  })
})
