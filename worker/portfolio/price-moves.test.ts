import { describe, expect, it } from 'vitest'
import { dayChange } from './price-moves'
import type { PriceMove } from './price-moves'
import { TRY_AVERAGE, TRY_FIFO, analyze, rows, series } from './test-fixtures'
import type { Row } from './test-fixtures'

/** The moves as plain text, so a failure shows the figures. */
function plain(moves: readonly PriceMove[]) {
  return moves.map((move) => ({
    instrumentCode: move.instrumentCode,
    date: move.date,
    previousDate: move.previousDate,
    quantity: move.quantity.toString(),
    previousValue: move.previousValue.toString(),
    change: move.change.toString(),
  }))
}

function buy(id: string, tradeDate: string, code: string, quantity: string, price: string): Row {
  return { id, type: 'BUY', tradeDate, instrumentCode: code, quantity, unitPrice: price }
}

function usd(row: Row, fxRate: string): Row {
  return { ...row, currency: 'USD', fxRate }
}

describe("the last trading day's change", () => {
  // docs/portfolio-math.md, "The last trading day's change": a TRY portfolio on Sunday,
  // 29 November 2026. USD/TRY 40.00 on Thursday, 40.50 on Friday (carried over the weekend).
  //   THYAO  100 held at Thursday's close (20 more bought on Friday at 305 do not count):
  //          100 × (306 − 300) = +600, worth 30,000 on Thursday
  //   AAPL   10 × (198 × 40.50 − 200 × 40.00) = 10 × (8,019 − 8,000) = +190, worth 80,000
  //   BTC    0.01 × (91,000 − 90,000) × 40.50 = +405, Friday to Saturday, worth 36,450
  //   FUND   1,000 × (1.25 − 1.20) = +50, but from July 2025: left out by the caller (stale)
  //   Change 600 + 190 + 405 = 1,195 TRY on Sat 28 Nov (earliest move Fri 27 Nov);
  //   1,195 ÷ (30,000 + 80,000 + 36,450 = 146,450) = 0.816 %.
  const report = analyze(
    {
      portfolio: TRY_AVERAGE,
      transactions: rows(
        buy('f1', '2025-06-02', 'FUND', '1000', '1.1'),
        buy('t1', '2026-11-02', 'THYAO', '100', '280'),
        usd(buy('a1', '2026-11-02', 'AAPL', '10', '190'), '39'),
        usd(buy('c1', '2026-11-02', 'BTC', '0.01', '80000'), '39'),
        buy('t2', '2026-11-27', 'THYAO', '20', '305'),
      ),
      prices: {
        THYAO: series(['2026-11-25', '297'], ['2026-11-26', '300'], ['2026-11-27', '306']),
        AAPL: series(['2026-11-26', '200'], ['2026-11-27', '198']),
        BTC: series(['2026-11-27', '90000'], ['2026-11-28', '91000']),
        FUND: series(['2025-06-30', '1.2'], ['2025-07-01', '1.25']),
      },
      fxRates: { 'USD/TRY': series(['2026-11-26', '40'], ['2026-11-27', '40.5']) },
    },
    '2026-11-29',
  )

  it('moves each holding by its own last close, on the units held at the one before', () => {
    expect(plain(report.moves)).toEqual([
      {
        instrumentCode: 'AAPL',
        date: '2026-11-27',
        previousDate: '2026-11-26',
        quantity: '10',
        previousValue: '80000',
        change: '190',
      },
      {
        instrumentCode: 'BTC',
        date: '2026-11-28',
        previousDate: '2026-11-27',
        quantity: '0.01',
        previousValue: '36450',
        change: '405',
      },
      {
        instrumentCode: 'FUND',
        date: '2025-07-01',
        previousDate: '2025-06-30',
        quantity: '1000',
        previousValue: '1200',
        change: '50',
      },
      {
        instrumentCode: 'THYAO',
        date: '2026-11-27',
        previousDate: '2026-11-26',
        quantity: '100',
        previousValue: '30000',
        change: '600',
      },
    ])
  })

  it('sums the moves that count, dated by the latest and noting the earliest', () => {
    const current = report.moves.filter((move) => move.instrumentCode !== 'FUND')
    const change = dayChange(current)
    expect(change.change.toString()).toBe('1195')
    expect(change.return).toBeCloseTo(1195 / 146450, 12)
    expect(change.date).toBe('2026-11-28')
    expect(change.earliestDate).toBe('2026-11-27')
  })

  it('is nothing, undated, without a move', () => {
    expect(dayChange([])).toEqual({
      change: expect.anything(),
      return: null,
      date: null,
      earliestDate: null,
    })
    expect(dayChange([]).change.isZero()).toBe(true)
  })

  it('counts a buy after the earlier close neither as units nor as a gain', () => {
    // Bought on Friday, the day of the latest close: nothing was held at Thursday's.
    const fresh = analyze(
      {
        portfolio: TRY_AVERAGE,
        transactions: rows(buy('b', '2026-11-27', 'THYAO', '50', '300')),
        prices: { THYAO: series(['2026-11-26', '300'], ['2026-11-27', '306']) },
      },
      '2026-11-29',
    )
    expect(fresh.moves).toEqual([])
    expect(fresh.totals.totalGain.toString()).toBe('300')
  })

  it('counts units sold since the earlier close, which were held through the move', () => {
    // 10 held at Thursday's close, all sold on Saturday: Friday's move still happened to them.
    const sold = analyze(
      {
        portfolio: TRY_FIFO,
        transactions: rows(buy('b', '2026-11-02', 'THYAO', '10', '280'), {
          id: 's',
          type: 'SELL',
          tradeDate: '2026-11-28',
          instrumentCode: 'THYAO',
          quantity: '10',
          unitPrice: '310',
        }),
        prices: { THYAO: series(['2026-11-26', '300'], ['2026-11-27', '306']) },
      },
      '2026-11-29',
    )
    expect(plain(sold.moves)).toEqual([
      expect.objectContaining({ instrumentCode: 'THYAO', quantity: '10', change: '60' }),
    ])
  })

  it('values the units of a split between the two closes at the split price', () => {
    // 10 at Thursday's 300; a 2:1 split on Friday, closing at 153: 20 × 153 − 10 × 300 = +60.
    const split = analyze(
      {
        portfolio: TRY_AVERAGE,
        transactions: rows(buy('b', '2026-11-02', 'THYAO', '10', '280'), {
          id: 'x',
          type: 'SPLIT',
          tradeDate: '2026-11-27',
          instrumentCode: 'THYAO',
          splitRatio: '2:1',
        }),
        prices: { THYAO: series(['2026-11-26', '300'], ['2026-11-27', '153']) },
      },
      '2026-11-29',
    )
    expect(plain(split.moves)).toEqual([
      expect.objectContaining({ quantity: '10', previousValue: '3000', change: '60' }),
    ])
  })

  it('has no move for a holding with one close, or none', () => {
    const single = analyze(
      {
        portfolio: TRY_AVERAGE,
        transactions: rows(
          buy('a', '2026-11-02', 'THYAO', '10', '280'),
          buy('b', '2026-11-02', 'OWN', '10', '5'),
        ),
        prices: { THYAO: series(['2026-11-27', '306']) },
      },
      '2026-11-29',
    )
    expect(single.moves).toEqual([])
  })

  it('reads only closes up to the report date', () => {
    const earlier = analyze(
      {
        portfolio: TRY_AVERAGE,
        transactions: rows(buy('b', '2026-11-02', 'THYAO', '10', '280')),
        prices: {
          THYAO: series(['2026-11-26', '300'], ['2026-11-27', '306'], ['2026-11-30', '310']),
        },
      },
      '2026-11-29',
    )
    expect(plain(earlier.moves)).toEqual([
      expect.objectContaining({ date: '2026-11-27', previousDate: '2026-11-26', change: '60' }),
    ])
  })
})
