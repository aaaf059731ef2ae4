import { describe, expect, it } from 'vitest'
import { analyze, expectError, series } from '../../portfolio/test-fixtures'
import type { Row } from '../../portfolio/test-fixtures'
import type { TurkishTaxInstrument } from './tax-items'
import { turkishTaxPass, turkishTaxYears } from './tax-years'
import {
  BIST_SHARE,
  US_SHARE,
  YI_UFE,
  fund,
  liraPortfolio,
  onlyItem,
  taxYears,
  yearOf,
} from './test-fixtures'

// The worked examples of docs/tax-turkey.md on sales (1–11, 15–19, 23), by number, computed from
// a portfolio's transactions as the view will, to the kuruş.

const buy = (id: string, tradeDate: string, code: string, quantity: string, unitPrice: string) =>
  ({ id, type: 'BUY', tradeDate, instrumentCode: code, quantity, unitPrice }) satisfies Row
const sell = (id: string, tradeDate: string, code: string, quantity: string, unitPrice: string) =>
  ({ id, type: 'SELL', tradeDate, instrumentCode: code, quantity, unitPrice }) satisfies Row
/** A trade in dollars, recorded at `fxRate` (the broker's; the tax reads the TCMB's). */
const inUsd = (row: Row, fxRate: string, fee?: string): Row => ({
  ...row,
  currency: 'USD',
  fxRate,
  ...(fee === undefined ? {} : { fee }),
})

/** The one fund sale of `year` of a portfolio bought and sold once. */
function fundSale(
  instrument: TurkishTaxInstrument,
  bought: [string, string, string],
  sold: [string, string],
) {
  const [boughtOn, quantity, price] = bought
  const [soldOn, salePrice] = sold
  const year = Number(soldOn.slice(0, 4))
  const years = taxYears(
    liraPortfolio([
      buy('b', boughtOn, 'F', quantity, price),
      sell('s', soldOn, 'F', quantity, salePrice),
    ]),
    { F: instrument },
    year,
  )
  return onlyItem(yearOf(years, year), 'fundSale')
}

const text = (value: { toString(): string }) => value.toString()

describe('Borsa İstanbul shares', () => {
  it('Example 1: the gain is listed with 0 % stopaj and nothing to declare', () => {
    const years = taxYears(
      liraPortfolio([
        { ...buy('b', '2025-02-12', 'THYAO', '200', '280.00'), fee: '22.40' },
        { ...sell('s', '2025-06-04', 'THYAO', '200', '315.50'), fee: '25.24' },
      ]),
      { THYAO: BIST_SHARE },
      2025,
    )
    const year = yearOf(years, 2025)
    const sale = onlyItem(year, 'bistSale')
    expect([sale.cost, sale.proceeds, sale.gain, sale.stopaj].map(text)).toEqual([
      '56022.4',
      '63074.76',
      '7052.36',
      '0',
    ])
    expect(text(year.assessment.bistShares.gain)).toBe('7052.36')
    expect(text(year.assessment.declaration.income)).toBe('0')
  })
})

describe('TEFAS funds: stopaj by the date of purchase', () => {
  it('Example 2: a debt fund bought in the 0 % band, sold in 2025', () => {
    const sale = fundSale(
      fund('other'),
      ['2023-03-15', '10000', '1.250000'],
      ['2025-05-20', '2.418765'],
    )
    expect(text(sale.gain)).toBe('11687.65')
    expect(sale.lots.map((lot) => [text(lot.rate), lot.reason, lot.band.decision])).toEqual([
      ['0', 'otherFunds', 'CK 3321 (RG 22.12.2020)'],
    ])
    expect(text(sale.stopaj)).toBe('0')
  })

  it('Example 3: a variable fund in the 0 % band bears 10 %, half up to the kuruş', () => {
    const sale = fundSale(
      fund('variable'),
      ['2023-03-15', '10000', '1.250000'],
      ['2025-05-20', '2.418765'],
    )
    expect(sale.lots.map((lot) => [text(lot.rate), lot.reason])).toEqual([['0.1', 'excludedGroup']])
    expect(text(sale.lots[0]?.stopaj ?? '')).toBe('1168.765')
    expect(text(sale.stopaj)).toBe('1168.77')
    expect(text(sale.gain.minus(sale.stopaj))).toBe('10518.88')
  })

  it('Example 3: every class of the excluded group is taxed the same', () => {
    for (const fundClass of [
      'mixed',
      'eurobond',
      'externalDebt',
      'foreign',
      'hedge',
      'fx',
    ] as const) {
      const sale = fundSale(
        fund(fundClass),
        ['2023-03-15', '10000', '1.250000'],
        ['2025-05-20', '2.418765'],
      )
      expect(text(sale.stopaj)).toBe('1168.77')
    }
  })

  it('Example 4: the 7.5 % band, a money-market fund and a mixed fund', () => {
    const years = taxYears(
      liraPortfolio([
        buy('b1', '2024-06-10', 'MM', '5000', '3.104500'),
        buy('b2', '2024-06-10', 'MIX', '5000', '3.104500'),
        sell('s1', '2025-03-10', 'MM', '5000', '3.982250'),
        sell('s2', '2025-03-10', 'MIX', '5000', '3.982250'),
      ]),
      { MM: fund('other'), MIX: fund('mixed') },
      2025,
    )
    const year = yearOf(years, 2025)
    const sales = year.items.flatMap((item) => (item.kind === 'fundSale' ? [item] : []))
    expect(sales.map((sale) => [sale.instrumentCode, text(sale.gain), text(sale.stopaj)])).toEqual([
      ['MM', '4388.75', '329.16'],
      ['MIX', '4388.75', '438.88'],
    ])
    expect(sales.map((sale) => sale.lots[0]?.band.decision)).toEqual([
      'CK 8434 (RG 01.05.2024)',
      'CK 8434 (RG 01.05.2024)',
    ])
    expect(text(year.assessment.funds.stopaj)).toBe('768.04')
    expect(text(year.assessment.funds.gain)).toBe('8777.5')
  })

  it('Example 5: the 10 % band, for a debt fund and a variable fund alike', () => {
    for (const fundClass of ['other', 'variable'] as const) {
      const sale = fundSale(
        fund(fundClass),
        ['2024-11-15', '2000', '5.000000'],
        ['2025-08-15', '6.123456'],
      )
      expect([text(sale.gain), text(sale.stopaj)]).toEqual(['2246.912', '224.69'])
    }
  })

  it('Example 6: the 15 % band', () => {
    const sale = fundSale(
      fund('other'),
      ['2025-03-03', '4000', '2.500000'],
      ['2025-11-03', '2.987654'],
    )
    expect([text(sale.gain), text(sale.stopaj)]).toEqual(['1950.616', '292.59'])
  })

  it('Example 7: the 17.5 % band, in 2026, the year of the sale', () => {
    const sale = fundSale(
      fund('other'),
      ['2025-07-14', '3000', '1.800000'],
      ['2026-01-14', '2.054321'],
    )
    expect([text(sale.gain), text(sale.stopaj), sale.date]).toEqual([
      '762.963',
      '133.52',
      '2026-01-14',
    ])
  })

  it('Example 8: an equity-intensive fund bears 0 %, though bought in the 17.5 % band', () => {
    const sale = fundSale(
      fund('equityIntensive'),
      ['2025-07-14', '1000', '4.000000'],
      ['2026-09-01', '5.250000'],
    )
    expect(sale.lots.map((lot) => [text(lot.rate), lot.reason])).toEqual([['0', 'equityIntensive']])
    expect([text(sale.gain), text(sale.stopaj)]).toEqual(['1250', '0'])
  })

  it('Example 9: a GSYF held 23 months bears its purchase band’s rate, 10 %', () => {
    const sale = fundSale(
      fund('gsyf'),
      ['2024-11-15', '100', '10.000000'],
      ['2026-10-15', '13.500000'],
    )
    expect(sale.lots.map((lot) => [text(lot.rate), lot.reason])).toEqual([
      ['0.1', 'heldTwoYearsOrLess'],
    ])
    expect([text(sale.gain), text(sale.stopaj)]).toEqual(['350', '35'])
  })

  it('Example 10: a GSYF held 25 months bears 0 %; sold on the second anniversary, 7.5 %', () => {
    const held = fundSale(
      fund('gsyf'),
      ['2024-10-01', '100', '10.000000'],
      ['2026-11-02', '14.200000'],
    )
    expect([text(held.gain), held.lots[0]?.reason, text(held.stopaj)]).toEqual([
      '420',
      'heldMoreThanTwoYears',
      '0',
    ])
    const onAnniversary = fundSale(
      fund('gyf'),
      ['2024-10-01', '100', '10.000000'],
      ['2026-10-01', '14.200000'],
    )
    expect([onAnniversary.lots[0]?.reason, text(onAnniversary.stopaj)]).toEqual([
      'heldTwoYearsOrLess',
      '31.5',
    ])
  })

  for (const method of ['FIFO', 'AVERAGE'] as const) {
    it(`Example 11: one sale, two lots, two bands, whatever the portfolio shows (${method})`, () => {
      const input = liraPortfolio(
        [
          buy('b1', '2025-01-20', 'DEBT', '3000', '4.100000'),
          buy('b2', '2025-03-10', 'DEBT', '2000', '4.250000'),
          sell('s', '2025-09-15', 'DEBT', '4000', '4.800000'),
        ],
        method,
      )
      const instruments = { DEBT: fund('other') }
      const sale = onlyItem(yearOf(taxYears(input, instruments, 2025), 2025), 'fundSale')
      expect(
        sale.lots.map((lot) => [
          lot.acquiredBy,
          text(lot.units),
          text(lot.gain),
          text(lot.rate),
          text(lot.stopaj),
        ]),
      ).toEqual([
        ['b1', '3000', '2100', '0.1', '210'],
        ['b2', '1000', '550', '0.15', '82.5'],
      ])
      expect([text(sale.gain), text(sale.stopaj)]).toEqual(['2650', '292.5'])
      const pass = turkishTaxPass(input, instruments, { asOf: '2025-12-31', yiUfe: YI_UFE })
      expect(
        pass.holdings
          .get('DEBT')
          ?.basis.lots.map((lot) => [lot.acquiredBy, text(lot.quantity), text(lot.costBase)]),
      ).toEqual([['b2', '1000', '4250']])
    })
  }

  it('a lot sold at a loss bears no stopaj and offsets no other lot’s gain', () => {
    const years = taxYears(
      liraPortfolio([
        buy('b1', '2025-01-20', 'DEBT', '1000', '5.000000'),
        buy('b2', '2025-03-10', 'DEBT', '1000', '4.000000'),
        sell('s', '2025-09-15', 'DEBT', '2000', '4.500000'),
      ]),
      { DEBT: fund('other') },
      2025,
    )
    const sale = onlyItem(yearOf(years, 2025), 'fundSale')
    expect(sale.lots.map((lot) => [text(lot.gain), text(lot.stopaj)])).toEqual([
      ['-500', '0'],
      ['500', '75'],
    ])
    expect([text(sale.gain), text(sale.stopaj)]).toEqual(['0', '75'])
  })
})

describe('foreign shares: değer artış kazancı in lira, indexed', () => {
  const example15: Row[] = [
    inUsd(buy('b', '2024-03-15', 'US', '10', '150.00'), '32', '1.00'),
    inUsd(sell('s', '2025-06-10', 'US', '10', '210.00'), '39.2', '1.00'),
  ]

  it('Example 15: Yİ-ÜFE rose 37.5 %, so the cost is indexed; the sale’s fee is not', () => {
    const year = yearOf(taxYears(liraPortfolio(example15), { US: US_SHARE }, 2025), 2025)
    const sale = onlyItem(year, 'foreignSale')
    expect(
      [sale.cost, sale.proceeds, sale.proceedsInCurrency, sale.saleRate?.value].map((each) =>
        text(each ?? ''),
      ),
    ).toEqual(['48032', '82280.8', '2099', '39.2'])
    const lot = sale.lots[0]
    expect(lot?.indexation).toMatchObject({
      purchaseMonth: '2024-02',
      saleMonth: '2025-05',
      applies: true,
    })
    expect(
      [lot?.costInCurrency, lot?.costRate?.value, lot?.indexation.cost].map((each) =>
        text(each ?? ''),
      ),
    ).toEqual(['1501', '32', '66044'])
    expect([text(sale.indexedGain), text(sale.gain)]).toEqual(['16236.8', '34248.8'])
    expect(text(year.assessment.declaration.foreignGains)).toBe('16236.8')
    expect(text(year.assessment.foreignSales.netWithoutIndexation)).toBe('34248.8')
  })

  const example16: Row[] = [
    inUsd(buy('b16', '2025-01-06', 'US', '20', '100.00'), '35.4'),
    inUsd(sell('s16', '2025-04-15', 'US', '20', '110.00'), '38'),
  ]

  it('Example 16: Yİ-ÜFE rose 6.67 %, so the cost is not indexed; price and currency are both taxed', () => {
    const year = yearOf(taxYears(liraPortfolio(example16), { US: US_SHARE }, 2025), 2025)
    const sale = onlyItem(year, 'foreignSale')
    expect(sale.lots[0]?.indexation).toMatchObject({
      purchaseMonth: '2024-12',
      saleMonth: '2025-03',
      applies: false,
    })
    expect([sale.cost, sale.proceeds, sale.gain, sale.indexedGain].map(text)).toEqual([
      '70800',
      '83600',
      '12800',
      '12800',
    ])
  })

  it('Example 17: a loss offsets a gain of the same year', () => {
    const loss = (price: string): Row[] => [
      inUsd(buy('b17', '2025-02-03', 'US2', '10', '50.00'), '36'),
      inUsd(sell('s17', '2025-05-20', 'US2', '10', price), '38.5'),
    ]
    const instruments = { US: US_SHARE, US2: US_SHARE }
    const year = yearOf(
      taxYears(liraPortfolio([...example16, ...loss('40.00')]), instruments, 2025),
      2025,
    )
    const lossSale = year.items.find(
      (item) => item.kind === 'foreignSale' && item.instrumentCode === 'US2',
    )
    expect(lossSale).toMatchObject({ kind: 'foreignSale' })
    if (lossSale?.kind !== 'foreignSale') return
    expect([lossSale.cost, lossSale.proceeds, lossSale.indexedGain].map(text)).toEqual([
      '18000',
      '15400',
      '-2600',
    ])
    expect(lossSale.lots[0]?.indexation.applies).toBe(false)
    const { foreignSales, declaration } = year.assessment
    expect(
      [foreignSales.gains, foreignSales.losses, foreignSales.net, declaration.foreignGains].map(
        text,
      ),
    ).toEqual(['12800', '-2600', '10200', '10200'])
    // A loss larger than the gain leaves the year at 0, and nothing is carried into 2026.
    const years = taxYears(liraPortfolio([...example16, ...loss('10.00')]), instruments, 2026)
    expect(text(yearOf(years, 2025).assessment.foreignSales.net)).toBe('0')
    expect(text(yearOf(years, 2026).assessment.declaration.foreignGains)).toBe('0')
  })

  it('Example 18: FIFO over two lots, each indexed with its own month; exactly 10 % is indexed', () => {
    const input = liraPortfolio([
      inUsd(buy('b1', '2024-03-15', 'US', '10', '150.00'), '32'),
      inUsd(buy('b2', '2025-01-06', 'US', '10', '180.00'), '35.4'),
      inUsd(sell('s', '2025-06-10', 'US', '15', '210.00'), '39.2'),
    ])
    const sale = onlyItem(yearOf(taxYears(input, { US: US_SHARE }, 2025), 2025), 'foreignSale')
    expect(
      sale.lots.map((lot) => [
        lot.acquiredBy,
        text(lot.units),
        text(lot.cost),
        `${text(lot.indexation.saleIndex)}/${text(lot.indexation.purchaseIndex)}`,
        text(lot.indexation.cost),
        text(lot.proceeds),
        text(lot.indexedGain),
      ]),
    ).toEqual([
      ['b1', '10', '48000', '4125/3000', '66000', '82320', '16320'],
      ['b2', '5', '31860', '4125/3750', '35046', '41160', '6114'],
    ])
    expect([sale.proceeds, sale.indexedGain, sale.gain].map(text)).toEqual([
      '123480',
      '22434',
      '43620',
    ])
    const pass = turkishTaxPass(input, { US: US_SHARE }, { asOf: '2025-12-31', yiUfe: YI_UFE })
    expect(
      pass.holdings
        .get('US')
        ?.basis.lots.map((lot) => [lot.acquiredBy, text(lot.quantity), text(lot.costBase)]),
    ).toEqual([['b2', '5', '31860']])
  })

  it('indexation lowers a gain at most to zero and never deepens a loss', () => {
    // Bought at 32.00, sold at 39.20 a dollar: a gain of 5,200 before indexation, below zero after.
    const input = liraPortfolio([
      inUsd(buy('b1', '2024-03-15', 'US', '10', '150.00'), '32'),
      inUsd(buy('b2', '2024-03-15', 'US2', '10', '150.00'), '32'),
      inUsd(sell('s1', '2025-06-10', 'US', '10', '135.71'), '39.2'),
      inUsd(sell('s2', '2025-06-10', 'US2', '10', '100.00'), '39.2'),
    ])
    const year = yearOf(taxYears(input, { US: US_SHARE, US2: US_SHARE }, 2025), 2025)
    const sales = year.items.flatMap((item) => (item.kind === 'foreignSale' ? [item] : []))
    expect(sales.map((sale) => [text(sale.gain), text(sale.indexedGain)])).toEqual([
      ['5198.32', '0'],
      ['-8800', '-8800'],
    ])
  })

  it('Example 19: a lira portfolio converts at the TCMB buying rates, not the ones recorded', () => {
    const input = liraPortfolio([
      inUsd(buy('b', '2025-02-03', 'US', '10', '100.00'), '36.2'),
      inUsd(sell('s', '2025-06-02', 'US', '10', '120.00'), '39.3'),
    ])
    const sale = onlyItem(yearOf(taxYears(input, { US: US_SHARE }, 2025), 2025), 'foreignSale')
    expect([sale.cost, sale.proceeds, sale.gain, sale.indexedGain].map(text)).toEqual([
      '36000',
      '46920',
      '10920',
      '10920',
    ])
    expect(sale.lots[0]?.indexation.applies).toBe(false)
    expect(text(analyze(input, '2025-12-31').sales[0]?.gain.base ?? '')).toBe('10960')
  })

  it('Example 23: a portfolio in dollars converts each trade as a lira portfolio does', () => {
    const lira = liraPortfolio([
      { ...buy('b', '2025-02-03', 'US', '10', '100.00'), currency: 'USD' },
      { ...sell('s', '2025-06-02', 'US', '10', '120.00'), currency: 'USD' },
    ])
    const input = { ...lira, portfolio: { ...lira.portfolio, baseCurrency: 'USD' } }
    const sale = onlyItem(yearOf(taxYears(input, { US: US_SHARE }, 2025), 2025), 'foreignSale')
    expect([sale.cost, sale.proceeds, sale.gain, sale.indexedGain].map(text)).toEqual([
      '36000',
      '46920',
      '10920',
      '10920',
    ])
    expect([sale.saleRate?.value, sale.lots[0]?.costRate?.value].map(String)).toEqual([
      '39.1',
      '36',
    ])
    // The portfolio's own page: 200.00 USD.
    expect(text(analyze(input, '2025-12-31').sales[0]?.gain.base ?? '')).toBe('200')
  })
})

describe('the TCMB bulletin each amount converts at (rule 7)', () => {
  it('is the last one before the trade day, never the day’s own, past a weekend or holiday', () => {
    // Friday 16.05.2025, then Monday 19.05 a Turkish holiday without a bulletin.
    const rates = series(['2025-05-16', '38.5'], ['2025-05-20', '40'], ['2025-05-21', '41'])
    const input = {
      ...liraPortfolio([
        inUsd(buy('b', '2025-05-20', 'US', '10', '100.00'), '40'),
        inUsd(sell('s', '2025-05-21', 'US', '10', '100.00'), '41'),
      ]),
      fxRates: { 'USD/TRY': rates },
    }
    const sale = onlyItem(yearOf(taxYears(input, { US: US_SHARE }, 2025), 2025), 'foreignSale')
    expect([sale.lots[0]?.costRate, sale.saleRate]).toEqual([
      { date: '2025-05-16', value: expect.anything() },
      { date: '2025-05-20', value: expect.anything() },
    ])
    expect([sale.cost, sale.proceeds, sale.gain].map(text)).toEqual(['38500', '40000', '1500'])
  })
})

describe('what the view lists without computing it', () => {
  it('names interest, a fund’s distribution, a fund without a class or bought before the table, and other instruments', () => {
    const years = taxYears(
      liraPortfolio([
        buy('old', '2020-12-22', 'OLD', '100', '1'),
        buy('new', '2024-01-10', 'NEW', '100', '1'),
        buy('btc', '2024-01-10', 'BTC', '1', '1000000'),
        sell('s-old', '2025-01-10', 'OLD', '100', '2'),
        sell('s-new', '2025-01-10', 'NEW', '100', '2'),
        sell('s-btc', '2025-01-10', 'BTC', '1', '3000000'),
        { id: 'd', type: 'DIVIDEND', tradeDate: '2025-02-10', instrumentCode: 'NEW', amount: '10' },
        { id: 'i', type: 'INTEREST', tradeDate: '2025-03-10', amount: '100' },
      ]),
      { OLD: fund('other'), NEW: fund(null), BTC: { kind: 'other', fundClass: null } },
      2025,
    )
    expect(
      yearOf(years, 2025).items.map((item) => [
        item.kind,
        item.transactionId,
        'reason' in item ? item.reason : null,
      ]),
    ).toEqual([
      ['notCovered', 's-old', 'boughtBeforeTable'],
      ['notCovered', 's-new', 'unclassifiedFund'],
      ['notCovered', 's-btc', 'instrument'],
      ['notCovered', 'd', 'fundDistribution'],
      ['notCovered', 'i', 'interest'],
    ])
  })
})

describe('what the pass refuses', () => {
  const options = { asOf: '2025-12-31', yiUfe: YI_UFE }

  it('a missing Yİ-ÜFE month, named', () => {
    const withoutMay = Object.fromEntries(
      Object.entries(YI_UFE).filter(([month]) => month !== '2025-05'),
    )
    const result = turkishTaxYears(
      liraPortfolio([
        inUsd(buy('b', '2024-03-15', 'US', '10', '150.00'), '32'),
        inUsd(sell('s', '2025-06-10', 'US', '10', '210.00'), '39.2'),
      ]),
      { US: US_SHARE },
      { ...options, yiUfe: withoutMay },
    )
    expectError(result, 'missing_price_index', 's')
    expect(result.ok ? null : result.error.field).toBe('yiUfe.2025-05')
  })

  it('a day without a TCMB rate in force the day before, whatever rate the transaction records', () => {
    // The first bulletin is of 14.03.2024, the trade's own day: it applies from the next day.
    const result = turkishTaxYears(
      liraPortfolio([inUsd(buy('b', '2024-03-14', 'US', '10', '150.00'), '32')]),
      { US: US_SHARE },
      options,
    )
    expectError(result, 'missing_fx_rate', 'b')
    expect(result.ok ? null : result.error.field).toBe('fxRates.USD/TRY')
  })

  it('selling more than is held', () => {
    const result = turkishTaxYears(
      liraPortfolio([
        buy('b', '2025-01-20', 'F', '10', '1'),
        sell('s', '2025-02-20', 'F', '11', '1'),
      ]),
      { F: fund('other') },
      options,
    )
    expectError(result, 'insufficient_quantity', 's')
  })

  it('an instrument without its tax details', () => {
    const input = liraPortfolio([buy('b', '2025-01-20', 'F', '10', '1')])
    expectError(turkishTaxYears(input, {}, options), 'missing_field', null)
  })
})
