import { describe, expect, it } from 'vitest'
import { figureId, isGermanTaxFigure, parseFigureId } from './figure-ids'
import type { FigureRef } from './figure-ids'

const FUND = '33333333-3333-4333-8333-333333333333'

describe('the names of the figures', () => {
  it('name each German tax figure as the view lists it, and read it back', () => {
    const figures: FigureRef[] = [
      { scope: 'germanTax', name: 'kapESt' },
      { scope: 'germanTax', name: 'carriedOutShares' },
      { scope: 'germanTaxItem', id: '0', name: 'amount' },
      { scope: 'germanTaxItem', id: '12', name: 'amount' },
      { scope: 'germanTaxExpected', id: FUND, name: 'taxable' },
    ]
    for (const figure of figures) {
      expect(parseFigureId(figureId(figure))).toEqual(figure)
      expect(isGermanTaxFigure(figure)).toBe(true)
    }
    expect(figureId({ scope: 'germanTaxItem', id: '3', name: 'amount' })).toBe(
      'germanTaxItem.3.amount',
    )
    expect(isGermanTaxFigure({ scope: 'totals', name: 'value' })).toBe(false)
  })

  it('take an item only by an index as JSON writes it, and a year’s figure without an id', () => {
    for (const text of [
      'germanTaxItem.01.amount',
      'germanTaxItem.-1.amount',
      'germanTaxItem.x.amount',
      'germanTaxItem.1234567.amount',
      'germanTaxItem.1.gross',
      'germanTax.x.kapESt',
      'germanTax.vorabpauschale',
      'germanTaxExpected.amount',
    ]) {
      expect(parseFigureId(text), text).toBeNull()
    }
  })
})
