import { describe, expect, it } from 'vitest'
import { ZERO, decimal } from '../../../shared/decimal/decimal'
import { rows, series, unwrap } from '../../portfolio/test-fixtures'
import type { PortfolioInput } from '../../portfolio/portfolio-input'
import { expectedVorabpauschalen, salePreview } from './in-year'
import { taxPass } from './tax-years'
import type { TaxInstrument } from './tax-years'

const EQUITY_ETF: TaxInstrument = {
  kind: 'fund',
  fundType: 'equity',
  domestic: true,
  treatyRate: null,
}

function depot(list: Parameters<typeof rows>, prices: PortfolioInput['prices']): PortfolioInput {
  return {
    portfolio: { baseCurrency: 'EUR', costBasisMethod: 'AVERAGE', recordsCash: false },
    transactions: rows(...list.map((row) => ({ currency: 'EUR', ...row }))),
    prices,
  }
}

describe('during the year', () => {
  it('Example 23: how many units can be sold within the allowance left, and what one more costs', () => {
    const input = depot(
      [
        {
          id: 'b1',
          type: 'BUY',
          tradeDate: '2025-02-03',
          instrumentCode: 'ETF',
          quantity: '30',
          unitPrice: '80',
        },
        {
          id: 'b2',
          type: 'BUY',
          tradeDate: '2025-06-02',
          instrumentCode: 'ETF',
          quantity: '50',
          unitPrice: '95',
        },
      ],
      { ETF: series(['2025-02-03', '80'], ['2025-11-03', '105']) },
    )
    const settingsOf = () => ({ churchTaxRate: '0', freistellungsauftrag: decimal('500') }) as const
    const preview = unwrap(
      salePreview(
        input,
        { ETF: EQUITY_ETF },
        {
          instrumentCode: 'ETF',
          quantity: decimal('29'),
          unitPrice: decimal('105'),
          fee: ZERO,
          date: '2025-11-03',
        },
        settingsOf,
      ),
    )
    expect(preview.taxFreeUnits.toString()).toBe('28')
    expect(preview.held.toString()).toBe('80')
    expect([preview.proceeds, preview.cost, preview.vorabpauschalen].map(String)).toEqual([
      '3045',
      '2320',
      '0',
    ])
    expect(preview.item.gross.toString()).toBe('725')
    expect(preview.item.amount.toString()).toBe('507.5')
    expect(preview.tax.kapESt.toString()).toBe('1.88')
    expect(preview.tax.soli.toString()).toBe('0.1')
    expect(preview.after.allowanceLeft.toString()).toBe('0')
    // FIFO: the 30 cheaper units of February first.
    expect(
      preview.lots.map((lot) => [lot.acquiredBy, lot.acquiredOn, lot.units.toString()]),
    ).toEqual([['b1', '2025-02-03', '29']])
  })

  it('Example 22 previewed: the lots across two purchases, the Vorabpauschalen deducted in full', () => {
    const input = depot(
      [
        {
          id: 'b1',
          type: 'BUY',
          tradeDate: '2023-01-02',
          instrumentCode: 'ETF',
          quantity: '60',
          unitPrice: '80',
        },
        {
          id: 'b2',
          type: 'BUY',
          tradeDate: '2023-01-02',
          instrumentCode: 'ETF',
          quantity: '40',
          unitPrice: '80',
        },
      ],
      {
        ETF: series(
          ['2023-01-02', '80'],
          ['2023-12-29', '90'],
          ['2024-01-02', '90'],
          ['2024-12-30', '100'],
        ),
      },
    )
    const preview = unwrap(
      salePreview(
        input,
        { ETF: EQUITY_ETF },
        {
          instrumentCode: 'ETF',
          quantity: decimal('100'),
          unitPrice: decimal('120'),
          fee: ZERO,
          date: '2025-10-15',
        },
        () => ({ churchTaxRate: '0', freistellungsauftrag: ZERO }),
      ),
    )
    expect(preview.lots.map((lot) => [lot.acquiredBy, lot.units.toString()])).toEqual([
      ['b1', '60'],
      ['b2', '40'],
    ])
    expect(preview.vorabpauschalen.toString()).toBe('287.07')
    expect(preview.item.gross.toString()).toBe('3712.93')
    expect(preview.item.amount.toString()).toBe('2599.051')
    // The year holds 2024's Vorabpauschale already; the sale adds Example 22's tax.
    expect(preview.tax.kapESt.toString()).toBe('649.76')
    expect(preview.taxFreeUnits.toString()).toBe('0')
  })

  it('refuses to preview selling more units than are held', () => {
    const input = depot(
      [
        {
          id: 'b',
          type: 'BUY',
          tradeDate: '2025-02-03',
          instrumentCode: 'ETF',
          quantity: '3',
          unitPrice: '80',
        },
      ],
      {},
    )
    const result = salePreview(
      input,
      { ETF: EQUITY_ETF },
      {
        instrumentCode: 'ETF',
        quantity: decimal('4'),
        unitPrice: decimal('90'),
        fee: ZERO,
        date: '2025-05-01',
      },
      () => ({ churchTaxRate: '0', freistellungsauftrag: ZERO }),
    )
    expect(result.ok ? null : result.error.code).toBe('insufficient_quantity')
  })

  it('Example 16 in November: the Vorabpauschale due next January at today’s price', () => {
    const input = depot(
      [
        {
          id: 'b',
          type: 'BUY',
          tradeDate: '2024-06-03',
          instrumentCode: 'ETF',
          quantity: '100',
          unitPrice: '90',
        },
      ],
      { ETF: series(['2024-12-30', '99'], ['2025-01-02', '100'], ['2025-11-28', '110']) },
    )
    const expected = expectedVorabpauschalen(taxPass(input, { ETF: EQUITY_ETF }, '2025-11-28'))
    expect(
      expected.map((each) => [each.amount.toString(), each.taxable.toString(), each.receivedOn]),
    ).toEqual([['177.1', '123.97', '2026-01-02']])
  })
})
