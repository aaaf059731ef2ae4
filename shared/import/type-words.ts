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
  // A savings plan's execution is a purchase (Trade Republic, Scalable Capital, comdirect).
  BUY: [
    'Buy',
    'Purchase',
    'Alış',
    'Alım',
    'Kauf',
    'Savings plan',
    'Sparplan',
    'Sparplanausführung',
  ],
  SELL: ['Sell', 'Sale', 'Satış', 'Verkauf'],
  DIVIDEND: [
    'Dividend',
    'Dividends',
    'Distribution',
    'Temettü',
    'Kâr payı',
    'Dividende',
    'Ausschüttung',
  ],
  INTEREST: ['Interest', 'Faiz', 'Zinsen', 'Zins'],
  FEE: ['Fee', 'Fees', 'Masraf', 'Komisyon', 'Gebühr', 'Gebühren'],
  // A fee or a tax given back: Portfolio Performance's and pytr's words among them.
  FEE_REFUND: [
    'Fee refund',
    'Fees Refund',
    'Fee rebate',
    'Masraf iadesi',
    'Komisyon iadesi',
    'Gebührenerstattung',
  ],
  TAX: ['Tax', 'Taxes', 'Vergi', 'Stopaj', 'Steuer', 'Steuern'],
  TAX_REFUND: [
    'Tax refund',
    'Taxes Refund',
    'Vergi iadesi',
    'Stopaj iadesi',
    'Steuererstattung',
    'Steuerrückerstattung',
  ],
  DEPOSIT: ['Deposit', 'Para yatırma', 'Einlage', 'Einzahlung'],
  WITHDRAWAL: ['Withdrawal', 'Removal', 'Para çekme', 'Entnahme', 'Auszahlung'],
  EXCHANGE: [
    'Currency exchange',
    'Currency conversion',
    'FX exchange',
    'Döviz çevirimi',
    'Döviz alım satım',
    'Döviz bozdurma',
    'Währungswechsel',
    'Devisentausch',
    'Währungstausch',
  ],
  SPLIT: ['Split', 'Stock split', 'Bölünme', 'Aktiensplit'],
  // Units added at no cost out of the reserves: the row's quantity is the units received.
  BONUS_ISSUE: [
    'Bonus issue',
    'Bonus shares',
    'Capitalisation issue',
    'Capitalization issue',
    'Bedelsiz',
    'Bedelsiz hisse',
    'Bedelsiz pay',
    'Bedelsiz sermaye artırımı',
    'Gratisaktien',
    'Berichtigungsaktien',
    'Kapitalerhöhung aus Gesellschaftsmitteln',
  ],
  // New shares bought with subscription rights: quantity and subscription price.
  RIGHTS_ISSUE: [
    'Rights issue',
    'Rights offering',
    'Rights subscription',
    'Bedelli',
    'Bedelli sermaye artırımı',
    'Rüçhan hakkı kullanımı',
    'Yeni pay alma',
    'Bezug junger Aktien',
    'Bezugsrecht',
    'Bezugsrechtsausübung',
    'Kapitalerhöhung gegen Einlage',
  ],
  TRANSFER_IN: ['Transfer in', 'Delivery (Inbound)', 'Hisse girişi', 'Einlieferung', 'Einbuchung'],
  TRANSFER_OUT: [
    'Transfer out',
    'Delivery (Outbound)',
    'Hisse çıkışı',
    'Auslieferung',
    'Ausbuchung',
  ],
}

/**
 * Corporate actions files name by a word of their own that no transaction type has: a stock
 * dividend's units (read as a split whose ratio the holding gives), a bond's redemption (a sale
 * at the redemption price), an ISIN change (refused by name). Bonus and rights issues are types.
 */
export const CORPORATE_ACTIONS = ['shares_added', 'redemption', 'isin_change'] as const
export type CorporateActionKind = (typeof CORPORATE_ACTIONS)[number]

const CORPORATE_ACTION_WORDS: Record<CorporateActionKind, readonly string[]> = {
  shares_added: ['Stock dividend', 'Scrip dividend', 'Stockdividende'],
  redemption: [
    'Redemption',
    'Bond redemption',
    'Maturity',
    'Final maturity',
    'İtfa',
    'Vade sonu',
    'Tilgung',
    'Rückzahlung',
    'Endfälligkeit',
    'Fälligkeit',
  ],
  isin_change: [
    'ISIN change',
    'ISIN değişikliği',
    'ISIN-Änderung',
    'ISIN-Wechsel',
    'Product change',
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

const REMEMBERED_TEXTS = 1000

/**
 * Word → kind, remembering every text it was asked about: a file repeats a handful of type
 * words thousands of times, and folding (locale-aware lower-casing) is the costly part.
 */
function lookup<Kind extends string>(
  kinds: readonly Kind[],
  words: Record<Kind, readonly string[]>,
): (text: string) => Kind | null {
  const byKey = new Map<string, Kind>()
  for (const kind of kinds) {
    for (const word of [kind, ...words[kind]]) byKey.set(foldKey(word), kind)
  }
  const byText = new Map<string, Kind | null>()
  return (text) => {
    let kind = byText.get(text)
    if (kind === undefined) {
      kind = byKey.get(foldKey(text)) ?? null
      // Bounded: a worker isolate serves many imports, and a file may hold any text.
      if (byText.size < REMEMBERED_TEXTS) byText.set(text, kind)
    }
    return kind
  }
}

/** @example transactionTypeOf('Alış') // 'BUY' */
export const transactionTypeOf = lookup(TRANSACTION_TYPES, TYPE_WORDS)

/** @example corporateActionOf('Stockdividende') // 'shares_added' */
export const corporateActionOf = lookup(CORPORATE_ACTIONS, CORPORATE_ACTION_WORDS)

/** @example instrumentTypeOf('Aktie') // 'STOCK' */
export const instrumentTypeOf = lookup(INSTRUMENT_TYPES, INSTRUMENT_TYPE_WORDS)
