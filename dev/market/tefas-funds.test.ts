import { describe, expect, it } from 'vitest'
import { parseTefasFunds } from '../../worker/quotes/tefas-json'
import { TefasFunds } from './tefas-funds'

const WEDNESDAY = '2026-03-04'
const listBody = (
  fonTipi: string,
  basTarih: string,
  bitTarih: string,
  fonKodu: string | null = null,
) => ({
  fonTipi,
  fonKodu,
  aramaMetni: null,
  basTarih,
  bitTarih,
  basSira: 1,
  bitSira: 100_000,
  dil: 'TR',
})

describe('TefasFunds', () => {
  it.each(['TTE', 'AFT', 'IPB', 'MAC', 'YAY', 'TCD', 'NNF', 'IIH', 'AEA', 'AH5', 'Q7Z'])(
    "answers %s's history up to today, oldest first, with six decimals",
    (code) => {
      const text = new TefasFunds().history({ fonKodu: code, dil: 'TR', periyod: 12 }, WEDNESDAY)
      const closes = parseTefasFunds(text, 'TRY')
      expect(closes.length).toBeGreaterThan(250)
      expect(closes.every((close) => close.symbol === code)).toBe(true)
      expect(closes.at(-1)?.date).toBe(WEDNESDAY)
      expect(closes[0]?.date).toBe('2025-03-04')
      for (const close of closes) expect(close.close).toMatch(/^\d+(\.\d{1,6})?$/)
      expect(closes.every((close) => Number(close.close) > 0)).toBe(true)
    },
  )

  it('counts the period in months back from today', () => {
    const text = new TefasFunds().history({ fonKodu: 'TTE', dil: 'TR', periyod: 1 }, WEDNESDAY)
    expect(parseTefasFunds(text, 'TRY')[0]?.date).toBe('2026-02-04')
    expect(() =>
      parseTefasFunds(new TefasFunds().history({ fonKodu: 'TTE', periyod: 2 }, WEDNESDAY), 'TRY'),
    ).toThrow(/Sistem/)
    expect(
      parseTefasFunds(new TefasFunds().history({ fonKodu: 'TT', periyod: 1 }, WEDNESDAY), 'TRY'),
    ).toEqual([])
  })

  it("lists every fund of a kind for a month's weekdays: investment funds and pension funds apart", () => {
    const funds = new TefasFunds()
    funds.history({ fonKodu: 'K9X', dil: 'TR', periyod: 1 }, WEDNESDAY)
    const invest = parseTefasFunds(
      funds.list(listBody('YAT', '20260227', '20260304'), WEDNESDAY),
      'TRY',
    )
    const codes = new Set(invest.map((close) => close.symbol))
    expect(codes).toEqual(new Set(['TTE', 'AFT', 'IPB', 'MAC', 'YAY', 'TCD', 'NNF', 'IIH', 'K9X']))
    expect([...new Set(invest.map((close) => close.date))]).toEqual([
      '2026-02-27',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ])
    const pension = parseTefasFunds(
      funds.list(listBody('EMK', '20260227', '20260304'), WEDNESDAY),
      'TRY',
    )
    expect(new Set(pension.map((close) => close.symbol))).toEqual(new Set(['AEA', 'AH5']))
  })

  it('answers as TEFAS does for a range over a month or a body missing a key', () => {
    const funds = new TefasFunds()
    expect(() =>
      parseTefasFunds(funds.list(listBody('YAT', '20260101', '20260304'), WEDNESDAY), 'TRY'),
    ).toThrow(/1 ayı aşamaz/)
    expect(() => parseTefasFunds(funds.list({ fonTipi: 'YAT' }, WEDNESDAY), 'TRY')).toThrow(
      /Sistem/,
    )
  })
})
