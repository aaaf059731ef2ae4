import { describe, expect, it } from 'vitest'
import { OpenLots } from './open-lots'
import { openLots, renderInLocale, report, tableRows } from './screen-fixtures'

const [thyao, aapl] = report.holdings

describe('OpenLots', () => {
  it('FIFO in German: each lot with its date, units, cost per unit, cost and holding period', async () => {
    const html = await renderInLocale(
      'de',
      <OpenLots
        holding={aapl!}
        lots={openLots[aapl!.instrument.id]!}
        method="FIFO"
        baseCurrency="TRY"
        asOf="2026-05-29"
      />,
    )
    expect(html).toContain('Offene Tranchen')
    expect(html).toContain('Gehaltene Stücke nach Kauf, älteste zuerst')
    // 600 USD for 6 units, 18.000 TRY at 30; held since 03.02.2025, more than a year.
    expect(tableRows(html)).toEqual([
      ['03.02.2025', '6', '100,00 $', '600,00 $ | 18.000,00 TRY', '480 Tage | über ein Jahr'],
      ['01.02.2026', '4', '100,00 $', '400,00 $ | 12.000,00 TRY', '117 Tage'],
    ])
  })

  it('FIFO in Turkish: a lot in the base currency shows one cost, dates day first', async () => {
    const html = await renderInLocale(
      'tr',
      <OpenLots
        holding={thyao!}
        lots={openLots[thyao!.instrument.id]!}
        method="FIFO"
        baseCurrency="TRY"
        asOf="2026-05-29"
      />,
    )
    expect(tableRows(html)).toEqual([['05.01.2026', '100', '₺250,00', '₺25.000,00', '144 gün']])
  })

  it('FIFO: a fund lot’s cost per unit has the six decimals its price is quoted in, its cost two', async () => {
    const fund = { ...thyao!, price: '0.812345' }
    const lots = [
      {
        acquiredBy: 'bbbbbbbb-0000-4000-8000-000000000009',
        acquiredDate: '2026-01-05',
        quantity: '1000',
        cost: { instrument: '812.345', base: '812.345' },
        holdingPeriodDays: 144,
      },
      {
        acquiredBy: 'bbbbbbbb-0000-4000-8000-000000000010',
        acquiredDate: '2026-02-05',
        quantity: '4',
        cost: { instrument: '1122', base: '1122' },
        holdingPeriodDays: 113,
      },
    ]
    const html = await renderInLocale(
      'tr',
      <OpenLots holding={fund} lots={lots} method="FIFO" baseCurrency="TRY" asOf="2026-05-29" />,
    )
    expect(tableRows(html)).toEqual([
      ['05.01.2026', '1.000', '₺0,812345', '₺812,35', '144 gün'],
      ['05.02.2026', '4', '₺280,50', '₺1.122,00', '113 gün'],
    ])
  })

  it('average cost in English: the pool’s average cost, date and holding period', async () => {
    const pool = { ...thyao!, averageCost: '251.333333333333333333' }
    const lots = [
      {
        acquiredBy: null,
        acquiredDate: '2025-04-30',
        quantity: '100',
        cost: { instrument: '25133.3333', base: '25133.3333' },
        holdingPeriodDays: 394,
      },
    ]
    const html = await renderInLocale(
      'en',
      <OpenLots holding={pool} lots={lots} method="AVERAGE" baseCurrency="TRY" asOf="2026-05-29" />,
    )
    expect(html).not.toContain('<table')
    expect(html).toContain('Pooled units')
    expect(html).toContain('Under the average cost method all units form one pool')
    expect(html).toContain('<dt>Average cost per unit</dt><dd>TRY 251.33</dd>')
    expect(html).toContain('<dt>Average acquisition date</dt><dd>04/30/25</dd>')
    expect(html).toMatch(/<dt>Average holding period<\/dt><dd>394 days<span[^>]*>over a year/)
  })
})
