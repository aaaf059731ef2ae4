import { describe, expect, it } from 'vitest'
import { decimal } from '../../../shared/decimal/decimal'
import { recompute, step } from './derivation'
import type { Operation } from './derivation'

/** `first`, then `op` with `value`, as exact decimals. */
function decimalOf(first: string, op: Operation, value: string): string {
  const steps = [
    step({ label: 'a', value: decimal(first) }),
    step({ op, label: 'b', value: decimal(value) }),
  ]
  return String(recompute({ arithmetic: 'decimal', steps }))
}

describe('recomputing the steps the tax takes', () => {
  it('caps the result from above and below', () => {
    expect(decimalOf('177.1', 'atMost', '1000')).toBe('177.1')
    expect(decimalOf('177.1', 'atMost', '130')).toBe('130')
    expect(decimalOf('-400', 'atLeast', '0')).toBe('0')
    expect(decimalOf('12.5', 'atLeast', '0')).toBe('12.5')
  })

  it('rounds half up to the cent (Example 1: 308.645) and cuts to it (16.97575)', () => {
    expect(decimalOf('308.645', 'roundHalfUp', '0.01')).toBe('308.65')
    expect(decimalOf('301.85330073349633251834', 'roundHalfUp', '0.01')).toBe('301.85')
    expect(decimalOf('16.97575', 'floor', '0.01')).toBe('16.97')
    expect(decimalOf('27.1665', 'floor', '0.01')).toBe('27.16')
  })

  it('refuses to round floats: the engine rounds only exact amounts', () => {
    const steps = [step({ label: 'a', value: 1.5 }), step({ op: 'floor', label: 'b', value: 1 })]
    expect(() => recompute({ arithmetic: 'float', steps })).toThrow(TypeError)
  })
})
