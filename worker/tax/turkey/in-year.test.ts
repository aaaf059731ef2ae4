import { describe, expect, it } from 'vitest'
import { decimal } from '../../../shared/decimal/decimal'
import { unwrap } from '../../portfolio/test-fixtures'
import type { Row } from '../../portfolio/test-fixtures'
import { turkishSalePreview } from './in-year'
import type { TurkishSaleIdea } from './in-year'
import type { TurkishTaxInstrument } from './tax-items'
import { BIST_SHARE, US_SHARE, YI_UFE, fund, liraPortfolio } from './test-fixtures'

// The sale previews of docs/tax-turkey.md (Examples 24–26), by number: the pass of the year with
// the sale the user types added, to the kuruş.

const buy = (id: string, tradeDate: string, code: string, quantity: string, unitPrice: string) =>
  ({ id, type: 'BUY', tradeDate, instrumentCode: code, quantity, unitPrice }) satisfies Row
const sell = (id: string, tradeDate: string, code: string, quantity: string, unitPrice: string) =>
  ({ id, type: 'SELL', tradeDate, instrumentCode: code, quantity, unitPrice }) satisfies Row
const inUsd = (row: Row): Row => ({ ...row, currency: 'USD', fxRate: '30' })

const idea = (
  instrumentCode: string,
  date: string,
  quantity: string,
  unitPrice: string,
  extra: Partial<Pick<TurkishSaleIdea, 'currency' | 'fee'>> = {},
): TurkishSaleIdea => ({
  instrumentCode,
  date,
  quantity: decimal(quantity),
  unitPrice: decimal(unitPrice),
  fee: extra.fee ?? decimal('0'),
  currency: extra.currency ?? 'TRY',
})

function preview(
  list: Row[],
  instruments: Record<string, TurkishTaxInstrument>,
  sale: TurkishSaleIdea,
  yiUfe = YI_UFE,
) {
  return turkishSalePreview(liraPortfolio(list), instruments, sale, yiUfe)
}

const text = (value: { toString(): string }) => value.toString()

describe('a sale preview', () => {
  it('Example 24: a fund sale takes two lots of two bands, each at its rate', () => {
    const result = unwrap(
      preview(
        [buy('b1', '2024-10-15', 'F', '1000', '20'), buy('b2', '2025-02-20', 'F', '1000', '23.5')],
        { F: fund('moneyMarket') },
        idea('F', '2025-09-12', '1500', '26.4'),
      ),
    )
    const { item } = result
    if (item.kind !== 'fundSale') throw new Error(item.kind)
    expect(item.lots.map((lot) => [lot.acquiredBy, text(lot.units), text(lot.cost)])).toEqual([
      ['b1', '1000', '20000'],
      ['b2', '500', '11750'],
    ])
    expect(
      item.lots.map((lot) => [text(lot.gain), text(lot.rate), lot.band.decision, text(lot.stopaj)]),
    ).toEqual([
      ['6400', '0.075', 'CK 8775 (RG 01.08.2024)', '480'],
      ['1450', '0.15', 'CK 9487 (RG 31.01.2025)', '217.5'],
    ])
    expect([item.gain, item.stopaj].map(text)).toEqual(['7850', '697.5'])
    expect(text(result.held ?? '')).toBe('2000')
    // Final stopaj: the year's withheld grows, nothing is declared.
    expect(text(result.before.funds.stopaj)).toBe('0')
    expect(text(result.after.funds.stopaj)).toBe('697.5')
    expect(text(result.after.declaration.income)).toBe('0')
  })

  it('Example 25: a foreign share, one lot indexed and one not, at the last bulletin before a holiday', () => {
    const result = unwrap(
      preview(
        [
          inUsd(buy('a', '2024-03-15', 'US', '10', '150')),
          inUsd(buy('e16', '2025-01-06', 'OTHER', '20', '100')),
          inUsd(buy('b', '2025-02-03', 'US', '10', '180')),
          // Example 16: 12,800.00 declared before the sale.
          inUsd(sell('s16', '2025-04-15', 'OTHER', '20', '110')),
        ],
        { US: US_SHARE, OTHER: US_SHARE },
        idea('US', '2025-05-19', '15', '200', { currency: 'USD' }),
      ),
    )
    const { item } = result
    if (item.kind !== 'foreignSale') throw new Error(item.kind)
    expect(item.saleRate).toEqual({ date: '2025-05-16', value: decimal('38.5') })
    expect([item.proceeds, item.cost, item.gain, item.indexedGain].map(text)).toEqual([
      '115500',
      '80400',
      '35100',
      '17500',
    ])
    expect(
      item.lots.map((lot) => [
        text(lot.units),
        text(lot.cost),
        lot.indexation.purchaseMonth,
        lot.indexation.saleMonth,
        lot.indexation.applies,
        text(lot.indexation.cost),
        text(lot.indexedGain),
      ]),
    ).toEqual([
      ['10', '48000', '2024-02', '2025-04', true, '65600', '11400'],
      ['5', '32400', '2025-01', '2025-04', false, '32400', '6100'],
    ])
    expect(text(result.before.declaration.foreignGains)).toBe('12800')
    expect(text(result.after.declaration.foreignGains)).toBe('30300')
    expect(text(result.before.declaration.estimate?.tax ?? '')).toBe('1920')
    expect(text(result.after.declaration.estimate?.tax ?? '')).toBe('4545')
  })

  it('Example 26: a Borsa İstanbul share is not taxed', () => {
    const result = unwrap(
      preview(
        [{ ...buy('b', '2025-02-12', 'THYAO', '200', '280'), fee: '22.40' }],
        { THYAO: BIST_SHARE },
        idea('THYAO', '2025-06-04', '120', '315.50', { fee: decimal('15') }),
      ),
    )
    const { item } = result
    if (item.kind !== 'bistSale') throw new Error(item.kind)
    expect([item.cost, item.proceeds, item.gain, item.stopaj].map(text)).toEqual([
      '33613.44',
      '37845',
      '4231.56',
      '0',
    ])
    expect(text(result.after.declaration.income)).toBe('0')
  })

  it('counts the sale after the day’s other transactions, and leaves later ones out', () => {
    const result = unwrap(
      preview(
        [
          buy('b1', '2025-03-03', 'F', '100', '10'),
          buy('b2', '2025-03-10', 'F', '100', '11'),
          sell('s', '2025-03-10', 'F', '50', '12'),
          buy('later', '2025-04-01', 'F', '500', '12'),
        ],
        { F: fund('debt') },
        idea('F', '2025-03-10', '150', '12'),
      ),
    )
    expect(text(result.held ?? '')).toBe('150')
    const lots = result.item.kind === 'fundSale' ? result.item.lots : []
    expect(lots.map((lot) => [lot.acquiredBy, text(lot.units)])).toEqual([
      ['b1', '50'],
      ['b2', '100'],
    ])
  })

  it('names what it does not cover, and refuses more than is held', () => {
    const other = unwrap(
      preview(
        [buy('b', '2025-02-03', 'BTC', '1', '100000')],
        { BTC: { kind: 'other', fundClass: null } },
        idea('BTC', '2025-06-02', '1', '120000'),
      ),
    )
    expect(other.item).toMatchObject({ kind: 'notCovered', reason: 'instrument' })
    expect(other.held).toBeNull()
    const unclassified = unwrap(
      preview(
        [buy('b', '2025-02-03', 'F', '10', '1')],
        { F: fund(null) },
        idea('F', '2025-06-02', '5', '2'),
      ),
    )
    expect(unclassified.item).toMatchObject({ kind: 'notCovered', reason: 'unclassifiedFund' })
    const tooMany = preview(
      [buy('b', '2025-02-03', 'F', '10', '1')],
      { F: fund('debt') },
      idea('F', '2025-06-02', '11', '2'),
    )
    expect(tooMany.ok ? null : tooMany.error.code).toBe('insufficient_quantity')
    const notYetBought = preview(
      [buy('b', '2025-02-03', 'F', '10', '1')],
      { F: fund('debt') },
      idea('F', '2025-02-02', '1', '2'),
    )
    expect(notYetBought.ok ? null : notYetBought.error.code).toBe('insufficient_quantity')
  })

  it('names the Yİ-ÜFE month a foreign sale needs when it is missing', () => {
    const result = preview(
      [inUsd(buy('b', '2025-01-06', 'US', '5', '100'))],
      { US: US_SHARE },
      idea('US', '2025-06-10', '5', '120', { currency: 'USD' }),
      { '2024-12': '3750.00' },
    )
    expect(result.ok ? null : [result.error.code, result.error.field]).toEqual([
      'missing_price_index',
      'yiUfe.2025-05',
    ])
  })
})
