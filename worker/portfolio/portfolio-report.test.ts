import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseDecimal, sum } from '../../shared/decimal/decimal'
import { formatIsoDate, parseIsoDate } from './iso-date'
import { analyzePortfolio } from './portfolio-report'
import { TRY_AVERAGE, TRY_FIFO, rows, series, unwrap } from './test-fixtures'
import type { Row } from './test-fixtures'

const FIRST_DAY = parseIsoDate('2022-01-03') ?? 0

describe('a report over any history', () => {
  it('lists every sale in an array whose gains add up to the holdings’ and the totals’', () => {
    const event = fc.record({
      code: fc.constantFrom('A', 'B'),
      day: fc.integer({ min: 0, max: 1000 }),
      kind: fc.constantFrom('buy', 'buy', 'sell', 'sell', 'split', 'transfer', 'dividend'),
      quantity: fc.integer({ min: 1, max: 300 }),
      cents: fc.integer({ min: 1, max: 500_000 }),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    fc.assert(
      fc.property(
        fc.array(event, { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        fc.boolean(),
        (events, fifo, recordsCash) => {
          const held: Record<string, number> = { A: 0, B: 0 }
          const list: Row[] = recordsCash
            ? [{ id: 'cash', type: 'DEPOSIT', tradeDate: '2022-01-03', amount: '500000' }]
            : []
          const sorted = [...events].sort((a, b) => a.day - b.day)
          sorted.forEach(({ code, day, kind, quantity, cents, share }, index) => {
            const common = {
              id: `t${index}`,
              instrumentCode: code,
              currency: code === 'A' ? 'TRY' : 'USD',
              fxRate: code === 'A' ? null : '31.75',
              tradeDate: formatIsoDate(FIRST_DAY + day),
            }
            const price = (cents / 100).toFixed(2)
            const units = held[code] ?? 0
            const part = Math.floor(units * share)
            if (kind === 'buy' || units === 0) {
              list.push({ ...common, type: 'BUY', quantity: String(quantity), unitPrice: price })
              held[code] = units + quantity
            } else if (kind === 'split') {
              list.push({ ...common, type: 'SPLIT', currency: 'TRY', splitRatio: '3:2' })
              // A position of whole units stays whole; the fraction is paid as cash in lieu.
              held[code] = Math.floor(units * 1.5)
            } else if (kind === 'dividend') {
              list.push({ ...common, type: 'DIVIDEND', amount: price, tax: '0.5' })
            } else if (part > 0) {
              const type = kind === 'sell' ? 'SELL' : 'TRANSFER_OUT'
              list.push({ ...common, type, quantity: String(part), unitPrice: price })
              held[code] = units - part
            }
          })
          const input = {
            portfolio: { ...(fifo ? TRY_FIFO : TRY_AVERAGE), recordsCash },
            transactions: rows(...list),
            prices: { A: series(['2022-06-30', '40'], ['2023-12-29', '55.5']) },
            fxRates: { 'USD/TRY': series(['2022-01-03', '13.5'], ['2024-06-28', '32.25']) },
          }
          const report = unwrap(analyzePortfolio(input, { asOf: '2024-12-31' }))
          const sellIds = list.filter((row) => row.type === 'SELL').map((row) => row.id)
          expect(Array.isArray(report.sales)).toBe(true)
          expect(report.sales.filter((sale) => sellIds.includes(sale.transactionId)).length).toBe(
            sellIds.length,
          )
          const realized = report.totals.realizedGain
          expect(sum(report.sales.map((sale) => sale.gain.base)).eq(realized)).toBe(true)
          const positions = [...report.holdings, ...report.closedPositions]
          expect(sum(positions.map((position) => position.realizedGain.base)).eq(realized)).toBe(
            true,
          )
          expect(report.holdings.every((holding) => holding.quantity.sign() > 0)).toBe(true)
          // Every figure serializes as a plain decimal string or a number.
          JSON.stringify(report, (_, value: unknown) => {
            if (typeof value === 'string' && /^-?\d/.test(value)) {
              expect(parseDecimal(value) !== null || /^\d{4}-\d\d-\d\d$/.test(value)).toBe(true)
            }
            return value
          })
        },
      ),
    )
  })
})
