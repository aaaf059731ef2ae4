import { describe, expect, it } from 'vitest'
import malformed from '../../tests/quote-fixtures/malformed/eodhd.json?raw'
import thyao from '../../tests/quote-fixtures/eodhd/THYAO.IS.json?raw'
import { parseEodhdEod } from './eodhd-json'
import { QuoteError } from './quote-error'

function codeOf(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return error instanceof QuoteError ? error.code : 'other'
  }
  return 'parsed'
}

describe('parseEodhdEod', () => {
  it('reads each trading day, the close as traded', () => {
    expect(parseEodhdEod(thyao, 'THYAO.IS', 'TRY')).toEqual([
      { symbol: 'THYAO.IS', currency: 'TRY', date: '2024-12-31', close: '281.75' },
      { symbol: 'THYAO.IS', currency: 'TRY', date: '2025-01-02', close: '288.25' },
      { symbol: 'THYAO.IS', currency: 'TRY', date: '2025-01-03', close: '294' },
      { symbol: 'THYAO.IS', currency: 'TRY', date: '2025-01-06', close: '290.5' },
      { symbol: 'THYAO.IS', currency: 'TRY', date: '2025-01-07', close: '299.75' },
    ])
  })

  it('answers nothing for no days, and leaves out a day without a close', () => {
    expect(parseEodhdEod('[]', 'AAPL.US', 'USD')).toEqual([])
    expect(parseEodhdEod('[{"date":"2025-01-07","close":0}]', 'AAPL.US', 'USD')).toEqual([])
    expect(parseEodhdEod('[{"date":"2025-01-07","close":null}]', 'AAPL.US', 'USD')).toEqual([])
  })

  it('refuses a body that is not a list of days with prices', () => {
    expect(codeOf(() => parseEodhdEod(malformed, 'THYAO.IS', 'TRY'))).toBe('bad_response')
    expect(codeOf(() => parseEodhdEod('Ticker Not Found.', 'THYAO.IS', 'TRY'))).toBe('bad_response')
    expect(codeOf(() => parseEodhdEod('{"errors":"x"}', 'THYAO.IS', 'TRY'))).toBe('bad_response')
    expect(codeOf(() => parseEodhdEod('[{"date":"07.01.2025","close":1}]', 'X.US', 'USD'))).toBe(
      'bad_response',
    )
  })
})
