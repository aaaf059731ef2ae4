import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  TRANSACTION_TYPES,
  analyzePortfolio,
  computeValueSeries,
  decimal,
  type PortfolioReport,
} from '../../worker/portfolio'
import { MIGRATIONS_DIR } from '../local-layout'
import { buildDemoDataset, demoEngineInput, type DemoDataset } from './demo-dataset'
import { preferredSource } from './demo-market'
import type { DemoPortfolio } from './demo-portfolios'

function analyze(dataset: DemoDataset, portfolio: DemoPortfolio): PortfolioReport {
  const result = analyzePortfolio(demoEngineInput(dataset, portfolio), { asOf: dataset.to })
  if (!result.ok) throw new Error(`${portfolio.name}: ${result.error.code} ${result.error.message}`)
  return result.value
}

function portfolioNamed(dataset: DemoDataset, name: string): DemoPortfolio {
  const portfolio = dataset.portfolios.find((candidate) => candidate.name === name)
  if (!portfolio) throw new Error(`No portfolio ${name}`)
  return portfolio
}

function pointOn(points: readonly { date: string; value: string }[], date: string): string {
  const point = points.find((candidate) => candidate.date === date)
  if (!point) throw new Error(`No point on ${date}`)
  return point.value
}

// A Wednesday, a Saturday (the last weekday is the Friday before) and a day years ahead.
describe.each(['2026-11-25', '2027-03-06', '2031-01-01'])('the demo data up to %s', (today) => {
  const dataset = buildDemoDataset(today)

  it('passes the portfolio engine: report and daily series, both portfolios, with holdings, cash never below zero', () => {
    expect(dataset.portfolios).toHaveLength(2)
    for (const portfolio of dataset.portfolios) {
      const report = analyze(dataset, portfolio)
      expect(report.holdings.length).toBeGreaterThan(0)
      expect(report.totals.value.gt(decimal('0'))).toBe(true)
      expect(report.negativeCash).toEqual([])
      const series = computeValueSeries(demoEngineInput(dataset, portfolio), {
        from: dataset.from,
        to: dataset.to,
      })
      if (!series.ok) throw new Error(`${portfolio.name}: ${series.error.message}`)
      expect(series.value.points.at(-1)?.value).toBeCloseTo(report.totals.value.toNumber(), 6)
      expect(series.value.points.every((point) => Number.isFinite(point.value))).toBe(true)
    }
  })

  it('ends on the last weekday up to today, with the last trades on it', () => {
    const last = new Date(`${today}T00:00:00Z`)
    while (last.getUTCDay() === 0 || last.getUTCDay() === 6) last.setUTCDate(last.getUTCDate() - 1)
    expect(dataset.to).toBe(last.toISOString().slice(0, 10))
    for (const portfolio of dataset.portfolios) {
      expect(portfolio.transactions.at(-1)?.tradeDate).toBe(dataset.to)
      expect(
        portfolio.transactions[0]?.tradeDate.localeCompare(dataset.from),
      ).toBeGreaterThanOrEqual(0)
    }
  })
})

describe('the demo data', () => {
  const dataset = buildDemoDataset('2026-11-25')
  const bist = portfolioNamed(dataset, 'BIST ve ABD')
  const xetra = portfolioNamed(dataset, 'XETRA')

  it('has every transaction type across the two portfolios', () => {
    const types = new Set(
      dataset.portfolios.flatMap((each) => each.transactions.map((tx) => tx.type)),
    )
    expect([...types].sort()).toEqual([...TRANSACTION_TYPES].sort())
  })

  it('keeps cash only where deposits and withdrawals are recorded, and never overdraws it', () => {
    for (const portfolio of dataset.portfolios) {
      const movesCash = portfolio.transactions.some(
        (tx) => tx.type === 'DEPOSIT' || tx.type === 'WITHDRAWAL',
      )
      expect(movesCash).toBe(portfolio.settings.recordsCash)
    }
    expect(xetra.settings.recordsCash).toBe(true)
    // Every day's cash at the end of the day, from the report as of that day.
    const tradeDates = [...new Set(xetra.transactions.map((tx) => tx.tradeDate))]
    for (const date of tradeDates) {
      const result = analyzePortfolio(demoEngineInput(dataset, xetra), { asOf: date })
      if (!result.ok) throw new Error(result.error.message)
      expect(result.value.totals.cashBalance?.sign(), date).toBeGreaterThanOrEqual(0)
    }
  })

  it('sells across two lots under FIFO, the oldest one moved in from another depot', () => {
    expect(xetra.settings.costBasisMethod).toBe('FIFO')
    const report = analyze(dataset, xetra)
    const sale = report.sales.find((each) => each.instrumentCode === 'SAP')
    expect(sale?.averageCost).toBeNull()
    expect(sale?.lots.map((lot) => lot.acquiredBy)).toEqual([
      xetra.transactions.find((tx) => tx.type === 'TRANSFER_IN')?.id,
      xetra.transactions.find((tx) => tx.type === 'BUY' && tx.instrumentCode === 'SAP')?.id,
    ])
    expect(sale?.gain.base.isZero()).toBe(false)
  })

  it('sells at the average cost in the lira portfolio, a US share with a currency effect', () => {
    expect(bist.settings.costBasisMethod).toBe('AVERAGE')
    const report = analyze(dataset, bist)
    expect(report.sales.length).toBeGreaterThan(0)
    for (const sale of report.sales) expect(sale.averageCost).not.toBeNull()
    const apple = report.sales.find((sale) => sale.instrumentCode === 'AAPL')
    expect(apple?.currencyEffect.sign()).toBe(1)
    expect(report.closedPositions.map((closed) => closed.instrumentCode)).toEqual(['KCHOL'])
  })

  it('withholds tax on every dividend', () => {
    const dividends = dataset.portfolios.flatMap((each) =>
      each.transactions.filter((tx) => tx.type === 'DIVIDEND'),
    )
    expect(dividends.length).toBeGreaterThan(0)
    for (const dividend of dividends) expect(decimal(dividend.tax ?? '0').sign()).toBe(1)
  })

  it('trades at the close of the day, other currencies at the central bank rate of the day', () => {
    for (const portfolio of dataset.portfolios) {
      for (const tx of portfolio.transactions) {
        if ((tx.type === 'BUY' || tx.type === 'SELL') && tx.instrumentCode) {
          const closes = dataset.prices[tx.instrumentCode] ?? []
          expect(tx.unitPrice).toBe(pointOn(closes, tx.tradeDate))
        }
        if (tx.currency === portfolio.settings.baseCurrency || tx.type === 'SPLIT') {
          expect(tx.fxRate ?? null).toBeNull()
          continue
        }
        if (tx.type === 'TRANSFER_OUT') continue
        const rates = dataset.fxRates.find(
          (series) =>
            series.source === preferredSource(series.base, series.quote) &&
            series.base === tx.currency &&
            series.quote === portfolio.settings.baseCurrency,
        )
        expect(tx.fxRate).toBe(pointOn(rates?.points ?? [], tx.tradeDate))
      }
    }
  })

  it('has a close for every weekday of every instrument, and both banks’ rates', () => {
    const weekdays = dataset.prices.THYAO?.map((point) => point.date) ?? []
    expect(weekdays.length).toBeGreaterThan(520)
    for (const points of Object.values(dataset.prices)) {
      expect(points.map((point) => point.date)).toEqual(weekdays)
    }
    expect(dataset.fxRates.map((each) => `${each.source} ${each.base}/${each.quote}`)).toEqual([
      'ECB EUR/USD',
      'ECB EUR/TRY',
      'TCMB USD/TRY',
      'TCMB EUR/TRY',
    ])
    for (const series of dataset.fxRates) {
      expect(series.points.map((point) => point.date)).toEqual(weekdays)
    }
  })

  it('stays near realistic levels', () => {
    const within = (points: readonly { value: string }[], low: number, high: number) => {
      const values = points.map((point) => Number(point.value))
      expect(Math.min(...values)).toBeGreaterThanOrEqual(low)
      expect(Math.max(...values)).toBeLessThanOrEqual(high)
    }
    const rates = (key: string) =>
      dataset.fxRates.find((each) => `${each.source} ${each.base}/${each.quote}` === key)?.points ??
      []
    within(dataset.prices.THYAO ?? [], 240, 340)
    within(dataset.prices.AAPL ?? [], 200, 300)
    within(rates('TCMB USD/TRY'), 32, 43)
    within(rates('ECB EUR/USD'), 1.04, 1.18)
    expect(Number(rates('TCMB USD/TRY').at(-1)?.value)).toBeGreaterThan(40)
  })

  it('is the same data every time for the same day', () => {
    expect(buildDemoDataset('2026-11-25')).toEqual(dataset)
  })

  it('trades instruments of the shared catalog, in their currency and on their exchange', () => {
    const catalog = readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith('_instrument_catalog.sql'))
      .map((name) => readFileSync(join(MIGRATIONS_DIR, name), 'utf8'))
      .join('\n')
    for (const { code, currency, exchange } of dataset.instruments) {
      expect(catalog).toMatch(
        new RegExp(`\\(null, '${code}', '[^']+', '[A-Z]+', '${currency}', '${exchange}'`),
      )
    }
  })
})
