import type { Instrument } from '../../../shared/api/schemas'
import { shareMarket } from '../../../shared/portfolio/share-market'
import type { TurkishTaxInstrument } from '../../tax/turkey/tax-items'

/**
 * What the Turkish tax reads of an instrument (docs/tax-turkey.md rules 2, 3 and 6): a share on
 * Borsa İstanbul or abroad, by its market; a TEFAS fund (priced from TEFAS, or one's own fund
 * given a class: only Turkish funds have one) with its class; a fund or ETF listed neither on
 * TEFAS nor on Borsa İstanbul, a foreign fund. Anything else — crypto, bonds, a share whose market
 * is not known, an exchange-traded fund of Borsa İstanbul — is listed, not computed.
 * @example turkishTaxInstrumentOf({ ...fund, priceProvider: 'tefas', tefasFundClass: 'debt' }) // { kind: 'tefasFund', fundClass: 'debt' }
 */
export function turkishTaxInstrumentOf(
  instrument: Pick<
    Instrument,
    'type' | 'exchange' | 'priceProvider' | 'priceSymbol' | 'shareMarket' | 'tefasFundClass'
  >,
): TurkishTaxInstrument {
  const fundClass = instrument.tefasFundClass
  if (instrument.type === 'STOCK') {
    const kind =
      instrument.shareMarket === 'BIST'
        ? 'bistShare'
        : instrument.shareMarket === 'foreign'
          ? 'foreignShare'
          : 'other'
    return { kind, fundClass: null }
  }
  if (instrument.type !== 'FUND' && instrument.type !== 'ETF')
    return { kind: 'other', fundClass: null }
  if (instrument.priceProvider === 'tefas' || fundClass !== null) {
    return { kind: 'tefasFund', fundClass }
  }
  // A listing's market as a share's is read: its exchange, else its symbol's venue.
  const onBist = shareMarket({ ...instrument, type: 'STOCK' }) === 'BIST'
  return { kind: onBist ? 'other' : 'foreignFund', fundClass: null }
}
