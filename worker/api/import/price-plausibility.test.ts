import { describe, expect, it } from 'vitest'
import { implausible } from './price-plausibility'

describe('implausible', () => {
  it('takes prices within a factor of five of the close', () => {
    expect(implausible('140', '140.2')).toBeNull()
    expect(implausible('700', '140.2')).toBeNull()
    expect(implausible('28.05', '140.2')).toBeNull()
  })

  it('names the likely cause of a price far off', () => {
    // 10.741 units meant, 10,741 read: the total spread over a thousand times the units.
    expect(implausible('0.14', '140.2')).toBe('thousands')
    expect(implausible('140200', '140.2')).toBe('thousands')
    // Pence for pounds, and the other way round.
    expect(implausible('7124', '71.5')).toBe('minor_unit')
    expect(implausible('0.7124', '71.5')).toBe('minor_unit')
    expect(implausible('14.02', '140.2')).toBe('power_of_ten')
    expect(implausible('1402', '140.2')).toBe('power_of_ten')
    expect(implausible('3', '140.2')).toBe('other')
  })

  it('says nothing about a zero price or close', () => {
    expect(implausible('0', '140')).toBeNull()
    expect(implausible('140', '0')).toBeNull()
  })
})
