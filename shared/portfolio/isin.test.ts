import { describe, expect, it } from 'vitest'
import { isValidIsin } from './isin'

describe('isValidIsin', () => {
  it.each(['US0378331005', 'DE0007164600', 'TRATHYAO91M5', 'IE00B4L5Y983', 'DE0005190003'])(
    'accepts %s',
    (isin) => expect(isValidIsin(isin)).toBe(true),
  )

  it.each(['US0378331006', 'DE0007164601', 'us0378331005', 'US037833100', 'XX', ''])(
    'refuses %s',
    (isin) => expect(isValidIsin(isin)).toBe(false),
  )
})
