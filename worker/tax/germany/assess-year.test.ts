import { describe, expect, it } from 'vitest'
import { ZERO, decimal } from '../../../shared/decimal/decimal'
import { NO_LOSSES, assessYear } from './assess-year'
import type { LossPots, TaxItem, TaxPot, YearAssessment, YearSettings } from './assess-year'
import { afterTeilfreistellung, allowanceOf, creditableForeignTax } from './tax-rules'

// The worked examples of docs/tax-germany.md, by number, as a depot's year assesses them.

const NO_ALLOWANCE: YearSettings = { churchTaxRate: '0', freistellungsauftrag: ZERO }

function item(amount: string, pot: TaxPot = 'general', foreignTax = '0'): TaxItem {
  return {
    date: '2025-06-01',
    pot,
    amount: decimal(amount),
    creditableForeignTax: decimal(foreignTax),
  }
}

/** The figures an example states, as strings. */
function figures(year: YearAssessment) {
  return {
    taxable: year.taxable.toString(),
    kapESt: year.kapESt.toString(),
    soli: year.soli.toString(),
    churchTax: year.churchTax.toString(),
  }
}

const pots = (shares: string, general: string): LossPots => ({
  shares: decimal(shares),
  general: decimal(general),
})

describe('a depot’s year, as the worked examples have it', () => {
  it('Example 1: KapESt half up to the cent, the Soli of it cut', () => {
    const year = assessYear([item('1234.58')], NO_ALLOWANCE, NO_LOSSES)
    expect(figures(year)).toEqual({
      taxable: '1234.58',
      kapESt: '308.65',
      soli: '16.97',
      churchTax: '0',
    })
  })

  it('Examples 2 and 3: church tax at 9 % and 8 % lowers the KapESt: (e − 4q) ÷ (4 + k)', () => {
    const at = (rate: '0.09' | '0.08') =>
      figures(assessYear([item('1234.58')], { ...NO_ALLOWANCE, churchTaxRate: rate }, NO_LOSSES))
    expect(at('0.09')).toEqual({
      taxable: '1234.58',
      kapESt: '301.85',
      soli: '16.6',
      churchTax: '27.16',
    })
    expect(at('0.08')).toEqual({
      taxable: '1234.58',
      kapESt: '302.59',
      soli: '16.64',
      churchTax: '24.2',
    })
  })

  it('Example 4: the Freistellungsauftrag takes the income until it is used up', () => {
    const year = assessYear(
      [item('250'), item('200'), item('400', 'shares')],
      { churchTaxRate: '0', freistellungsauftrag: decimal('600') },
      NO_LOSSES,
    )
    expect(year.allowanceUsed.toString()).toBe('600')
    expect(year.allowanceLeft.toString()).toBe('0')
    expect(figures(year)).toEqual({ taxable: '250', kapESt: '62.5', soli: '3.43', churchTax: '0' })
  })

  it('Example 5: a later loss gives the allowance back', () => {
    const year = assessYear(
      [item('900'), item('400'), item('-500')],
      { churchTaxRate: '0', freistellungsauftrag: decimal('1000') },
      NO_LOSSES,
    )
    expect(year.allowanceUsed.toString()).toBe('800')
    expect(year.allowanceLeft.toString()).toBe('200')
    expect(year.kapESt.toString()).toBe('0')
    expect(year.carriedOut).toEqual(NO_LOSSES)
  })

  it('Example 7: a share loss does not offset a dividend, and is carried forward', () => {
    const year = assessYear([item('-800', 'shares'), item('500')], NO_ALLOWANCE, NO_LOSSES)
    expect(figures(year)).toEqual({ taxable: '500', kapESt: '125', soli: '6.87', churchTax: '0' })
    expect(year.carriedOut.shares.toString()).toBe('-800')
    expect(year.carriedOut.general.toString()).toBe('0')
  })

  it('Example 8: the carried share loss takes a share gain, not an equity ETF’s (70 % of it)', () => {
    const etfGain = afterTeilfreistellung(decimal('400'), 'equity')
    expect(etfGain.toString()).toBe('280')
    const year = assessYear(
      [item('500', 'shares'), { ...item('0'), amount: etfGain }],
      NO_ALLOWANCE,
      pots('-800', '0'),
    )
    expect(figures(year)).toEqual({ taxable: '280', kapESt: '70', soli: '3.85', churchTax: '0' })
    expect(year.carriedOut.shares.toString()).toBe('-300')
  })

  it('Example 9: a share gain meets the share pot, then the general pot; a dividend only the general', () => {
    const carried = pots('-200', '-300')
    const sale = assessYear([item('1000', 'shares')], NO_ALLOWANCE, carried)
    expect(figures(sale)).toEqual({ taxable: '500', kapESt: '125', soli: '6.87', churchTax: '0' })
    expect(sale.carriedOut).toEqual({ shares: ZERO, general: ZERO })
    const dividend = assessYear([item('1000')], NO_ALLOWANCE, carried)
    expect(dividend.taxable.toString()).toBe('700')
    expect(dividend.carriedOut.shares.toString()).toBe('-200')
  })

  it('Example 10: 15 % withheld abroad is credited, with and without church tax', () => {
    const q = creditableForeignTax(decimal('200'), decimal('30'))
    const dividend = [item('200', 'general', q.toString())]
    expect(figures(assessYear(dividend, NO_ALLOWANCE, NO_LOSSES))).toEqual({
      taxable: '200',
      kapESt: '20',
      soli: '1.1',
      churchTax: '0',
    })
    const church = assessYear(dividend, { ...NO_ALLOWANCE, churchTaxRate: '0.09' }, NO_LOSSES)
    expect(figures(church)).toEqual({
      taxable: '200',
      kapESt: '19.56',
      soli: '1.07',
      churchTax: '1.76',
    })
  })

  it('Example 11: of 30 % withheld only the treaty’s 15 % is credited', () => {
    const q = creditableForeignTax(decimal('200'), decimal('60'))
    expect(q.toString()).toBe('30')
    const year = assessYear([item('200', 'general', q.toString())], NO_ALLOWANCE, NO_LOSSES)
    expect(figures(year)).toEqual({ taxable: '200', kapESt: '20', soli: '1.1', churchTax: '0' })
  })

  it('Example 12: the credit is at most the German tax; the rest waits for later income in the year', () => {
    const settings = { churchTaxRate: '0', freistellungsauftrag: decimal('100') } as const
    const dividend = item('200', 'general', '30')
    const alone = assessYear([dividend], settings, NO_LOSSES)
    expect(alone.kapESt.toString()).toBe('0')
    expect(alone.foreignTax.credited.toString()).toBe('25')
    expect(alone.foreignTax.lapsed.toString()).toBe('5')
    const withInterest = assessYear([dividend, item('40')], settings, NO_LOSSES)
    expect(figures(withInterest)).toEqual({
      taxable: '140',
      kapESt: '5',
      soli: '0.27',
      churchTax: '0',
    })
    expect(withInterest.foreignTax.credited.toString()).toBe('30')
  })

  it('Examples 13 and 14: a fund’s distribution after its Teilfreistellung', () => {
    const taxOn = (amount: string, type: 'equity' | 'mixed' | 'realEstate' | 'foreignRealEstate') =>
      figures(
        assessYear(
          [{ ...item('0'), amount: afterTeilfreistellung(decimal(amount), type) }],
          NO_ALLOWANCE,
          NO_LOSSES,
        ),
      )
    expect(taxOn('300', 'equity')).toMatchObject({ taxable: '210', kapESt: '52.5', soli: '2.88' })
    expect(taxOn('300', 'mixed')).toMatchObject({ taxable: '255', kapESt: '63.75', soli: '3.5' })
    expect(taxOn('500', 'realEstate')).toMatchObject({ taxable: '200', kapESt: '50', soli: '2.75' })
    expect(taxOn('500', 'foreignRealEstate')).toMatchObject({
      taxable: '100',
      kapESt: '25',
      soli: '1.37',
    })
  })

  it('Example 15: an equity ETF’s loss (70 % of it) offsets a dividend', () => {
    const loss = afterTeilfreistellung(decimal('-500'), 'equity')
    expect(loss.toString()).toBe('-350')
    const year = assessYear([item('400'), { ...item('0'), amount: loss }], NO_ALLOWANCE, NO_LOSSES)
    expect(figures(year)).toEqual({ taxable: '50', kapESt: '12.5', soli: '0.68', churchTax: '0' })
    expect(year.carriedOut).toEqual({ shares: ZERO, general: ZERO })
  })

  it('Example 24: a couple assessed jointly has 2,000 of allowance since 2023; 1,602 before', () => {
    const income = [item('1500'), item('800')]
    const couple = assessYear(
      income,
      { churchTaxRate: '0', freistellungsauftrag: allowanceOf(2025, true) },
      NO_LOSSES,
    )
    expect(figures(couple)).toEqual({ taxable: '300', kapESt: '75', soli: '4.12', churchTax: '0' })
    const single = assessYear(
      income,
      { churchTaxRate: '0', freistellungsauftrag: allowanceOf(2025, false) },
      NO_LOSSES,
    )
    expect(figures(single)).toEqual({
      taxable: '1300',
      kapESt: '325',
      soli: '17.87',
      churchTax: '0',
    })
    expect(allowanceOf(2022, true).toString()).toBe('1602')
    expect(allowanceOf(2022, false).toString()).toBe('801')
  })
})
