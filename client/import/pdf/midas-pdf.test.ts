import { describe, expect, it } from 'vitest'
import { detectMidas, parseMidas } from './midas-pdf'
import { fixtureLines } from './pdf-fixture'

const NOTE = 'Midas Hesap Ekstresi 01/03/26 - 31/03/26'
const none = { isin: null, name: null, quantity: null, price: null, fee: '0', tax: '0' }

describe('Midas account statement', () => {
  const lines = fixtureLines('midas-ekstre.txt')

  it('reads trades, deposits, withdrawals and dividends in lira and dollars', () => {
    expect(detectMidas(lines)).toBe(true)
    const parsed = parseMidas(lines)
    if (!parsed.ok) throw new Error(parsed.problem)
    expect(parsed.rows).toEqual([
      {
        ...none,
        date: '2026-03-03',
        type: 'BUY',
        code: 'TUPRS',
        quantity: '20',
        price: '171.5',
        amount: '3430',
        fee: '1.72',
        currency: 'TRY',
        note: NOTE,
      },
      // Partly filled, the rest cancelled: the 25 executed of 40 ordered.
      {
        ...none,
        date: '2026-03-12',
        type: 'SELL',
        code: 'THYAO',
        quantity: '25',
        price: '312.25',
        amount: '7806.25',
        fee: '3.9',
        currency: 'TRY',
        note: NOTE,
      },
      // Ordered by amount: 150 dollars bought a fraction of a share.
      {
        ...none,
        date: '2026-03-04',
        type: 'BUY',
        code: 'AAPL',
        quantity: '0.658762',
        price: '227.7',
        amount: '150',
        fee: '1',
        currency: 'USD',
        note: NOTE,
      },
      {
        ...none,
        date: '2026-03-18',
        type: 'SELL',
        code: 'MSFT',
        quantity: '2',
        price: '395.1',
        amount: '790.2',
        fee: '1',
        currency: 'USD',
        note: NOTE,
      },
      {
        ...none,
        date: '2026-03-01',
        type: 'DEPOSIT',
        code: null,
        amount: '5000',
        currency: 'TRY',
        note: `${NOTE} Para Yatırma Banka Havalesi`,
      },
      {
        ...none,
        date: '2026-03-25',
        type: 'WITHDRAWAL',
        code: null,
        amount: '1500',
        currency: 'TRY',
        note: `${NOTE} Para Çekme Banka Hesabına`,
      },
      {
        ...none,
        date: '2026-03-13',
        type: 'DIVIDEND',
        code: 'AAPL',
        name: 'Apple Inc.',
        amount: '2.63',
        tax: '0.53',
        currency: 'USD',
        note: NOTE,
      },
      {
        ...none,
        date: '2026-03-27',
        type: 'DIVIDEND',
        code: 'TUPRS',
        name: 'Türkiye Petrol Rafin',
        amount: '140',
        tax: '21',
        currency: 'TRY',
        note: NOTE,
      },
    ])
    expect(parsed.leftOut).toEqual([
      {
        line: '05/03/26 11:02:13 Limit Emri ASELS Alış İptal Edildi TRY 50 - - - - -',
        reason: 'cancelled',
      },
      {
        line: '02/03/26 10:15:00 02/03/26 10:15:30 Döviz Alım TRY-USD Gerçekleşti 1.000,00 USD',
        reason: 'currency_exchange',
      },
    ])
  })

  it('names a trade row it cannot read', () => {
    const broken = lines.map((line) =>
      line.startsWith('03/03/26')
        ? '03/03/26 10:36:40 Piyasa Emri TUPRS Alış Gerçekleşti TRY 20'
        : line,
    )
    expect(parseMidas(broken)).toEqual({
      ok: false,
      problem: 'pdf_incomplete',
      detail: '03/03/26 10:36:40 Piyasa Emri TUPRS Alış Gerçekleşti TRY 20',
    })
  })

  it('names a cash movement of a kind it does not read, and a share transfer', () => {
    const other = lines.map((line) => line.replace('Para Çekme Banka Hesabına', 'Diğer Gelir Nema'))
    expect(parseMidas(other)).toMatchObject({ ok: false, problem: 'pdf_unsupported' })
    const transfer = [...lines.slice(0, -1), '20/03/26 TUPRS Virman Giriş 10', lines.at(-1) ?? '']
    expect(parseMidas(transfer)).toMatchObject({ ok: false, problem: 'pdf_unsupported' })
  })

  it('names a dividend whose net is not gross less withholding', () => {
    const broken = lines.map((line) => line.replace('2,63 0,53 2,10', '2,63 0,53 2,20'))
    expect(parseMidas(broken)).toMatchObject({ ok: false, problem: 'pdf_incomplete' })
  })
})
