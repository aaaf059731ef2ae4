import type { TransactionType } from '../../portfolio/portfolio-kinds'
import { foldKey } from '../fold-key'
import {
  hasAll,
  type Cancellation,
  type PresetDefinition,
  type PresetRow,
} from './preset-definition'

/** The booking text's direction: `Ausführung ORDER Kauf …` / `… Verkauf …`. */
const BUY_WORD = /\bkauf\b/
const SELL_WORD = /\bverkauf\b/
/** `Storno Ausführung ORDER Kauf …`: the reversal of an execution booked earlier. */
const STORNO = /^storno\b/

const BOOKING_TEXT = ['Buchungsinformation', 'Buchungsinformationen']

/**
 * An execution's type from its booking text; a reversal (`Storno Ausführung ORDER …`) is refused
 * as a cancellation, never read as a trade the other way. Anything else is no known transaction.
 */
function flatexType(cell: string): TransactionType | Cancellation | null {
  const text = foldKey(cell)
  const type = SELL_WORD.test(text) ? 'SELL' : BUY_WORD.test(text) ? 'BUY' : null
  return STORNO.test(text) ? { cancels: type } : type
}

function bookedTrade(row: PresetRow) {
  const tx = row.transaction
  // The price is in the listing's currency (the row's, `currencyColumns`); the booked amount may
  // be converted to the account's.
  const priceCurrency = row.extra('priceCurrency')
  const amountCurrency = row.extra('amountCurrency')
  if (priceCurrency !== null && amountCurrency !== null && priceCurrency !== amountCurrency) {
    // A converted amount cannot check the price; flatex's `Devisenkurs` is left to the
    // reference rate as its direction is not documented.
    tx.amount = null
  }
}

/**
 * flatex's depot transactions CSV ("Depotumsätze"): one row per execution of an order or a
 * savings plan, `;` separated, Windows-1252, German numbers, `dd.MM.yyyy`. The unit of
 * `Nominal (Stk.)` and the currencies of `Betrag` and `Kurs` stand in the unnamed column after
 * each. The direction is in the booking text (`Ausführung ORDER Kauf …` / `… Verkauf …`);
 * `Nominal` and `Betrag` are signed as the depot sees them (a purchase adds units and value), so
 * the amount is read as a magnitude and only checks the price.
 *
 * Fees and taxes are not in this file (flatex books them on the cash account and in the
 * settlement PDFs), so trades come in without them. A reversal (`Storno Ausführung ORDER …`) is
 * refused on its row: it undoes an execution listed earlier, which the user removes along with
 * it. Rows of other kinds are refused as unknown types.
 */
export const flatexPreset: PresetDefinition = {
  headers: {
    date: ['Buchungstag', 'Buchtag'],
    type: BOOKING_TEXT,
    name: ['Bezeichnung'],
    isin: ['ISIN'],
    quantity: ['Nominal (Stk.)', 'Nominal'],
    amount: ['Betrag'],
    price: ['Kurs'],
  },
  currencyColumns: ['priceCurrency', 'amountCurrency'],
  extraColumns: {
    amountCurrency: { names: ['Betrag'], next: true },
    priceCurrency: { names: ['Kurs'], next: true },
  },
  ownSigns: ['amount'],
  detect: (_table, headers) =>
    hasAll(headers, [
      ['Buchungstag', 'Buchtag'],
      ['Valuta'],
      ['ISIN'],
      ['Nominal (Stk.)', 'Nominal'],
      ['TA.-Nr.'],
      BOOKING_TEXT,
    ]),
  // The encoding is left to detection: Windows-1252 as flatex writes it, UTF-8 once re-saved.
  readOptions: { separator: ';', decimalSeparator: ',', dateOrder: 'DMY' },
  typeOf: flatexType,
  // flatex trades foreign shares on German venues in euros.
  listsInRowCurrency: true,
  adjust: bookedTrade,
}
