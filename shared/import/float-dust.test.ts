import { describe, expect, it } from 'vitest'
import { addDecimals } from './decimal-text'
import { snapFloatDust } from './float-dust'

describe('snapFloatDust', () => {
  it('rounds a printed float to the 15 digits a double holds', () => {
    expect(snapFloatDust(String(0.1 + 0.2))).toBe('0.3')
    expect(snapFloatDust(String(1 / 3))).toBe('0.333333333333333')
    expect(snapFloatDust(String(2 / 3))).toBe('0.666666666666667')
    expect(snapFloatDust(String(0.7 + 0.1 + 0.1 + 0.1))).toBe('1')
    expect(snapFloatDust(String(99.99 + 0.01 - 0.00000000000001))).toBe('100')
    // Printed with 17 digits (C's %.17g, older Python) rather than the shortest spelling.
    expect(snapFloatDust('-1.1000000000000001')).toBe('-1.1')
    expect(snapFloatDust('0.00000030000000000000004')).toBe('0.0000003')
  })

  it('makes three thirds of a share written by such a program one share', () => {
    const thirds = [String(1 / 3), String(2 / 3)].map((text) => snapFloatDust(text) ?? text)
    expect(addDecimals(...thirds)).toBe('1')
  })

  it('leaves exact decimals alone: up to 15 digits, whole numbers, and 18 digits or more', () => {
    expect(snapFloatDust('1234.5678')).toBeNull()
    expect(snapFloatDust('0.123456789012345')).toBeNull()
    expect(snapFloatDust('12345678901234567')).toBeNull()
    expect(snapFloatDust('0.123456789012345678')).toBeNull()
  })
})
