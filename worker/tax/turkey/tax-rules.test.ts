import { describe, expect, it } from 'vitest'
import { decimal } from '../../../shared/decimal/decimal'
import { TEFAS_FUND_CLASSES } from '../../../shared/portfolio/portfolio-kinds'
import {
  dividendDeclarationAmount,
  dividendRate,
  foreignIncomeDeclarationAmount,
  fundBandOf,
  fundRate,
  gainAfterIndexation,
  heldMoreThanTwoYears,
  incomeTax,
  indexMonthOf,
  indexedCost,
} from './tax-rules'

// The dated tables of docs/tax-turkey.md, read back line by line, and the rules' edges.

const text = (value: { toString(): string } | null | undefined) =>
  value === null || value === undefined ? null : value.toString()

describe('fund stopaj by purchase date (rule 3)', () => {
  it('has the bands of the table, each closed the day before the next', () => {
    const bands = [
      '2020-12-23',
      '2024-05-01',
      '2024-08-01',
      '2024-11-01',
      '2025-02-01',
      '2025-07-09',
    ].map((day) => {
      const band = fundBandOf(day)
      return [band?.from, band?.through, text(band?.otherFunds), text(band?.excludedGroup)]
    })
    expect(bands).toEqual([
      ['2020-12-23', '2024-04-30', '0', '0.1'],
      ['2024-05-01', '2024-07-31', '0.075', '0.1'],
      ['2024-08-01', '2024-10-31', '0.075', '0.1'],
      ['2024-11-01', '2025-01-31', '0.1', '0.1'],
      ['2025-02-01', '2025-07-08', '0.15', '0.15'],
      ['2025-07-09', null, '0.175', '0.175'],
    ])
    expect(fundBandOf('2020-12-22')).toBeNull()
    expect(fundBandOf('2030-01-01')?.decision).toBe('CK 10041 (RG 09.07.2025, no. 32951)')
  })

  it('gives every class a rate in every band', () => {
    for (const fundClass of TEFAS_FUND_CLASSES) {
      for (const boughtOn of [
        '2021-01-04',
        '2024-06-03',
        '2024-09-02',
        '2024-12-02',
        '2025-03-03',
        '2025-08-01',
      ]) {
        expect(fundRate(fundClass, boughtOn, '2027-12-31')).not.toBeNull()
      }
    }
  })

  it('keeps equity-intensive funds at 0 % and GSYF, GYF held more than two years too', () => {
    expect(text(fundRate('equityIntensive', '2025-08-01', '2025-09-01')?.rate)).toBe('0')
    expect(fundRate('gyf', '2025-08-01', '2027-08-02')).toMatchObject({
      reason: 'heldMoreThanTwoYears',
    })
    expect(text(fundRate('gyf', '2025-08-01', '2027-08-01')?.rate)).toBe('0.175')
  })
})

describe('held more than two years', () => {
  it('is strict: the second anniversary is not more', () => {
    expect(heldMoreThanTwoYears('2024-10-01', '2026-10-01')).toBe(false)
    expect(heldMoreThanTwoYears('2024-10-01', '2026-10-02')).toBe(true)
  })

  it('puts the anniversary of 29 February on 28 February', () => {
    expect(heldMoreThanTwoYears('2024-02-29', '2026-02-28')).toBe(false)
    expect(heldMoreThanTwoYears('2024-02-29', '2026-03-01')).toBe(true)
  })
})

describe('dividend stopaj by payment date (rule 4)', () => {
  it('is 10 % to 21.12.2024 and 15 % from 22.12.2024; nothing before CK 4936', () => {
    expect(dividendRate('2021-12-21')).toBeNull()
    expect([text(dividendRate('2021-12-22')?.rate), dividendRate('2021-12-22')?.decision]).toEqual([
      '0.1',
      'CK 4936',
    ])
    expect(text(dividendRate('2024-12-21')?.rate)).toBe('0.1')
    expect(text(dividendRate('2024-12-22')?.rate)).toBe('0.15')
  })
})

describe('the year’s amounts and tariff (rule 5)', () => {
  it('has the declaration amounts of the table', () => {
    expect(
      [2022, 2023, 2024, 2025, 2026].map((year) => text(dividendDeclarationAmount(year))),
    ).toEqual([null, '150000', '230000', '330000', '400000'])
    expect(
      [2022, 2023, 2024, 2025, 2026].map((year) => text(foreignIncomeDeclarationAmount(year))),
    ).toEqual([null, '8400', '13000', '18000', null])
  })

  it('taxes each bracket at its rate, the amounts of the table at each limit', () => {
    const at = (year: number, income: string) => text(incomeTax(year, decimal(income)))
    expect(
      ['0', '110000', '230000', '580000', '3000000', '3000001'].map((income) => at(2024, income)),
    ).toEqual(['0', '16500', '40500', '135000', '982000', '982000.4'])
    expect(
      ['158000', '330000', '800000', '4300000', '4300000.01'].map((income) => at(2025, income)),
    ).toEqual(['23700', '58100', '185000', '1410000', '1410000'])
    expect(at(2025, '100.03')).toBe('15')
    expect([at(2023, '1000'), at(2026, '1000')]).toEqual([null, null])
  })
})

describe('Yİ-ÜFE indexation (rule 8)', () => {
  it('reads the month before the purchase and the sale', () => {
    expect([indexMonthOf('2025-01-06'), indexMonthOf('2025-06-30')]).toEqual(['2024-12', '2025-05'])
  })

  it('indexes from a rise of exactly 10 %, not below', () => {
    expect(indexedCost(decimal('100'), decimal('3750'), decimal('4125'))).toEqual({
      applies: true,
      cost: decimal('110'),
    })
    expect(indexedCost(decimal('100'), decimal('3750'), decimal('4124.99')).applies).toBe(false)
  })

  it('lowers a gain at most to zero and leaves a loss as it is', () => {
    const gain = (proceeds: string, cost: string, indexed: string) =>
      text(gainAfterIndexation(decimal(proceeds), decimal(cost), decimal(indexed)))
    expect([
      gain('150', '100', '120'),
      gain('150', '100', '200'),
      gain('90', '100', '120'),
    ]).toEqual(['30', '0', '-10'])
  })
})
