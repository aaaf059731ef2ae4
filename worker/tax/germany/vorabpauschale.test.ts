import { describe, expect, it } from 'vitest'
import { ZERO, decimal } from '../../../shared/decimal/decimal'
import { NO_LOSSES, assessYear } from './assess-year'
import { afterTeilfreistellung } from './tax-rules'
import { firstWorkingDay, fundSaleGain, vorabpauschale } from './vorabpauschale'
import type { FundYear } from './vorabpauschale'

// The worked examples 16–22 of docs/tax-germany.md.

function fund(changes: Partial<FundYear> & Pick<FundYear, 'year'>): FundYear {
  return {
    units: decimal('100'),
    firstPrice: decimal('100'),
    lastPrice: decimal('110'),
    distributionsPerUnit: ZERO,
    boughtOn: null,
    ...changes,
  }
}

/** The tax of a Vorabpauschale (or any general income) alone in its year, no allowance. */
function taxOf(amount: string) {
  const year = assessYear(
    [{ date: '2026-01-02', pot: 'general', amount: decimal(amount), creditableForeignTax: ZERO }],
    { churchTaxRate: '0', freistellungsauftrag: ZERO },
    NO_LOSSES,
  )
  return { kapESt: year.kapESt.toString(), soli: year.soli.toString() }
}

describe('the Vorabpauschale, as the worked examples have it', () => {
  it('Example 16: a full year, received on the first working day of the next', () => {
    const result = vorabpauschale(fund({ year: 2025 }))
    expect(result?.amount.toString()).toBe('177.1')
    expect(result?.receivedOn).toBe('2026-01-02')
    const taxable = afterTeilfreistellung(decimal('177.1'), 'equity')
    expect(taxable.toString()).toBe('123.97')
    expect(taxOf(taxable.toString())).toEqual({ kapESt: '30.99', soli: '1.7' })
  })

  it('Example 17: a distributing fund: the cap comes before the distributions', () => {
    const result = vorabpauschale(
      fund({
        year: 2025,
        units: decimal('200'),
        firstPrice: decimal('50'),
        lastPrice: decimal('50.25'),
        distributionsPerUnit: decimal('0.4'),
      }),
    )
    expect(result?.basisertrag.toString()).toBe('177.1')
    expect(result?.cap.toString()).toBe('130')
    expect(result?.amount.toString()).toBe('50')
    expect(taxOf(afterTeilfreistellung(decimal('50'), 'equity').toString())).toEqual({
      kapESt: '8.75',
      soli: '0.48',
    })
  })

  it('Example 18: bought in May, 8/12 are kept; the first price of the year counts', () => {
    const result = vorabpauschale(
      fund({
        year: 2025,
        firstPrice: decimal('120'),
        lastPrice: decimal('126'),
        boughtOn: '2025-05-15',
      }),
    )
    expect(result?.twelfths).toBe(8)
    expect(result?.amount.toString()).toBe('141.68')
    const taxable = afterTeilfreistellung(decimal('141.68'), 'equity')
    expect(taxable.toString()).toBe('99.176')
    expect(taxOf(taxable.toString())).toEqual({ kapESt: '24.79', soli: '1.36' })
    const boughtIn = (month: string) =>
      vorabpauschale(fund({ year: 2025, boughtOn: `2025-${month}-01` }))?.twelfths
    expect([boughtIn('01'), boughtIn('05'), boughtIn('12')]).toEqual([12, 8, 1])
  })

  it('Example 19: capped by the year’s rise', () => {
    const result = vorabpauschale(
      fund({
        year: 2024,
        units: decimal('200'),
        firstPrice: decimal('50'),
        lastPrice: decimal('50.6'),
      }),
    )
    expect(result?.basisertrag.toString()).toBe('160.3')
    expect(result?.amount.toString()).toBe('120')
    expect(result?.receivedOn).toBe('2025-01-02')
    expect(taxOf(afterTeilfreistellung(decimal('120'), 'equity').toString())).toEqual({
      kapESt: '21',
      soli: '1.15',
    })
  })

  it('Example 20: none in a year with a fall', () => {
    const result = vorabpauschale(
      fund({ year: 2025, lastPrice: decimal('95'), distributionsPerUnit: decimal('1') }),
    )
    expect(result?.cap.toString()).toBe('-400')
    expect(result?.amount.toString()).toBe('0')
  })

  it('Example 21: received on the first working day: 2 January, or Monday 4 January 2027', () => {
    expect(firstWorkingDay(2026)).toBe('2026-01-02')
    expect(firstWorkingDay(2027)).toBe('2027-01-04')
  })

  it('Example 22: a fund sold after years of Vorabpauschale: they are deducted in full', () => {
    const paid = [2023, 2024].map(
      (year, index) =>
        vorabpauschale(
          fund({
            year,
            firstPrice: decimal(index === 0 ? '80' : '90'),
            lastPrice: decimal(index === 0 ? '90' : '100'),
          }),
        )?.amount ?? ZERO,
    )
    expect(paid.map(String)).toEqual(['142.8', '144.27'])
    const gain = fundSaleGain(decimal('12000'), decimal('8000'), paid)
    expect(gain.toString()).toBe('3712.93')
    const taxable = afterTeilfreistellung(gain, 'equity')
    expect(taxable.toString()).toBe('2599.051')
    expect(taxOf(taxable.toString())).toEqual({ kapESt: '649.76', soli: '35.73' })
  })

  it('gives none for a year whose Basiszins is not known', () => {
    expect(vorabpauschale(fund({ year: 2022 }))).toBeNull()
  })
})
