import type { InstrumentType, TransactionType } from '../portfolio/portfolio-kinds'
import { INSTRUMENT_TYPES, TRANSACTION_TYPES } from '../portfolio/portfolio-kinds'
import { foldKey } from './fold-key'

/**
 * The words files use for a transaction's type, beside the engine's names: this app's labels in
 * Turkish and German, Portfolio Performance's (German and English: `Kauf`, `Einlieferung`,
 * `Delivery (Inbound)`, `Removal`) and Ghostfolio's. Ghostfolio's `ITEM` and `LIABILITY` (a
 * valuable or a debt, not a transaction) and Portfolio Performance's transfers between its own
 * accounts, refunds and interest charges have no type here: they are unknown.
 */
const TYPE_WORDS: Record<TransactionType, readonly string[]> = {
  BUY: ['Buy', 'Purchase', 'Alış', 'Alım', 'Kauf'],
  SELL: ['Sell', 'Sale', 'Satış', 'Verkauf'],
  DIVIDEND: ['Dividend', 'Dividends', 'Temettü', 'Kâr payı', 'Dividende', 'Ausschüttung'],
  INTEREST: ['Interest', 'Faiz', 'Zinsen', 'Zins'],
  FEE: ['Fee', 'Fees', 'Masraf', 'Komisyon', 'Gebühr', 'Gebühren'],
  TAX: ['Tax', 'Taxes', 'Vergi', 'Stopaj', 'Steuer', 'Steuern'],
  DEPOSIT: ['Deposit', 'Para yatırma', 'Einlage', 'Einzahlung'],
  WITHDRAWAL: ['Withdrawal', 'Removal', 'Para çekme', 'Entnahme', 'Auszahlung'],
  SPLIT: ['Split', 'Stock split', 'Bölünme', 'Aktiensplit'],
  TRANSFER_IN: ['Transfer in', 'Delivery (Inbound)', 'Hisse girişi', 'Einlieferung', 'Einbuchung'],
  TRANSFER_OUT: [
    'Transfer out',
    'Delivery (Outbound)',
    'Hisse çıkışı',
    'Auslieferung',
    'Ausbuchung',
  ],
}

const INSTRUMENT_TYPE_WORDS: Record<InstrumentType, readonly string[]> = {
  STOCK: ['Stock', 'Share', 'Equity', 'Hisse', 'Hisse senedi', 'Aktie'],
  ETF: ['ETF', 'Borsa yatırım fonu', 'BYF'],
  FUND: ['Fund', 'Mutual fund', 'Fon', 'Yatırım fonu', 'Fonds', 'Investmentfonds'],
  BOND: ['Bond', 'Tahvil', 'Anleihe'],
  CRYPTO: ['Crypto', 'Cryptocurrency', 'Kripto', 'Kripto para', 'Kryptowährung'],
  COMMODITY: ['Commodity', 'Emtia', 'Rohstoff'],
  OTHER: ['Other', 'Diğer', 'Sonstiges'],
}

function lookup<Kind extends string>(
  kinds: readonly Kind[],
  words: Record<Kind, readonly string[]>,
): Map<string, Kind> {
  const byKey = new Map<string, Kind>()
  for (const kind of kinds) {
    for (const word of [kind, ...words[kind]]) byKey.set(foldKey(word), kind)
  }
  return byKey
}

const TYPES = lookup(TRANSACTION_TYPES, TYPE_WORDS)
const INSTRUMENT_TYPES_BY_WORD = lookup(INSTRUMENT_TYPES, INSTRUMENT_TYPE_WORDS)

/** @example transactionTypeOf('Alış') // 'BUY' */
export function transactionTypeOf(word: string): TransactionType | null {
  return TYPES.get(foldKey(word)) ?? null
}

/** @example instrumentTypeOf('Aktie') // 'STOCK' */
export function instrumentTypeOf(word: string): InstrumentType | null {
  return INSTRUMENT_TYPES_BY_WORD.get(foldKey(word)) ?? null
}
