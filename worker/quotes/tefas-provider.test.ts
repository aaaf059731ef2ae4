import { describe, expect, it } from 'vitest'
import type { QuoteHttp, QuoteHttpRequest } from './quote-http'
import type { QuoteRequest } from './quote-provider'
import { tefasProvider } from './tefas-provider'

/** A TEFAS that knows no fund, recording what it was asked. */
function recording(): { http: QuoteHttp; asked: string[] } {
  const asked: string[] = []
  const http: QuoteHttp = {
    fetchText: async (request: QuoteHttpRequest) => {
      const body = request.json as Record<string, unknown>
      asked.push(
        request.url.endsWith('fonFiyatBilgiGetir')
          ? `history ${String(body.fonKodu)} ${String(body.periyod)}`
          : `list ${String(body.fonTipi)} ${String(body.basTarih)}-${String(body.bitTarih)}`,
      )
      return '{"errorCode":null,"errorMessage":null,"resultList":[]}'
    },
  }
  return { http, asked }
}

const funds = (count: number, from: string, to: string): QuoteRequest[] =>
  Array.from({ length: count }, (_, n) => ({
    symbol: `F${String(n).padStart(2, '0')}`,
    currency: 'TRY',
    from,
    to,
  }))

describe('tefasProvider', () => {
  it('asks a few funds’ long histories fund by fund, for the months they need', async () => {
    const { http, asked } = recording()
    await tefasProvider.fetchCloses({}, funds(2, '2025-11-28', '2026-11-27'), http)
    expect(asked).toEqual(['history F00 12', 'history F01 12'])
  })

  it('asks many funds’ days from the every-fund list, a window of 28 days a request', async () => {
    const { http, asked } = recording()
    await tefasProvider.fetchCloses({}, funds(30, '2026-10-01', '2026-11-27'), http)
    expect(asked).toEqual([
      'list YAT 20261001-20261028',
      'list EMK 20261001-20261028',
      'list YAT 20261029-20261125',
      'list EMK 20261029-20261125',
      'list YAT 20261126-20261127',
      'list EMK 20261126-20261127',
    ])
  })

  it('asks the nightly run’s funds and a new fund’s year apart', async () => {
    const { http, asked } = recording()
    const nightly = funds(5, '2026-11-26', '2026-11-27')
    const added = { symbol: 'NEW', currency: 'TRY', from: '2025-11-28', to: '2026-11-27' }
    await tefasProvider.fetchCloses({}, [...nightly, added], http)
    expect(asked).toEqual([
      'list YAT 20261126-20261127',
      'list EMK 20261126-20261127',
      'history NEW 12',
    ])
  })
})
