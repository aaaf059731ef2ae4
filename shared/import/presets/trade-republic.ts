import type { TransactionType } from '../../portfolio/portfolio-kinds'
import { hasAll, type CorporateAction, type PresetDefinition } from './preset-definition'

/**
 * Trade Republic's transaction export (app or web: "Export transactions"), in both of its header
 * generations: the older one `;`-separated with `value_date`, the newer one `,`-separated (often
 * quoted) with `mcc_code`. UTF-8, `.` decimals, ISO dates; `date` is the booking day (`datetime`
 * is UTC and would move late bookings to the next day).
 *
 * Numbers are signed as the cash account sees them: `amount` is the gross value (a purchase is
 * −shares × price, a sale +), `fee` and `tax` are negative when charged and positive when refunded,
 * `shares` is negative on sales. So the shared sign conventions read them as they are, with the
 * trade amount `gross`. `symbol` holds the ISIN, or a code for crypto (`BTC`).
 *
 * Rows read: trades and savings plan executions (`BUY`, `SELL`); dividends, fund distributions and
 * dividend equivalents (gross `amount` and withheld `tax`, in EUR: Trade Republic books and trades
 * everything in EUR, so a US share's dividend stays in EUR like its trades; `original_amount` in
 * the paying currency is not read); interest (cash interest, or a bond's coupon with its ISIN);
 * deposits (bank transfers in, card top-ups with their fee) and withdrawals (transfers out, card
 * payments); taxes charged on their own (`EARNINGS` and `PRE_DETERMINED_TAX_BASE`: the German
 * Vorabpauschale, amount 0 and a negative tax; `TAX_OPTIMIZATION`, `SEC_ACCOUNT`), with the tax
 * as the amount; fees and taxes booked as such (`FEE`, `TAX`).
 *
 * A tax or fee booked on its own with a plus is given back: read as a refund, with a notice.
 *
 * A bond's maturity or repayment (`CASH` `FINAL_MATURITY`, `TILG`) is the sale of its units at the
 * money paid; a split (`CORPORATE_ACTION;SPLIT`) gives the units it booked in, whose ratio the
 * import works out from the holding; a dividend reversal (its negative amount) is matched to the
 * dividend it undoes.
 *
 * Left out: redemptions, maturities and warrant exercises in the `CORPORATE_ACTION` category (they
 * only announce what the cash row of the same event books), and tax rows that charge nothing (the
 * allowance covered the Vorabpauschale).
 *
 * Refused by name: a sale's refunded tax (the sign contradicts the type, never flipped
 * silently), and the types this app has no meaning for yet (gifts, saveback, card refunds,
 * private markets, …: unknown type).
 */

/** Trade Republic's `type` words and what they are; any other word is an unknown type. */
const TYPES: Readonly<Record<string, TransactionType | CorporateAction>> = {
  BUY: 'BUY',
  SELL: 'SELL',
  DIVIDEND: 'DIVIDEND',
  DISTRIBUTION: 'DIVIDEND',
  DIVIDEND_EQUIVALENT_PAYMENT: 'DIVIDEND',
  INTEREST_PAYMENT: 'INTEREST',
  CUSTOMER_INBOUND: 'DEPOSIT',
  CUSTOMER_INPAYMENT: 'DEPOSIT',
  TRANSFER_INBOUND: 'DEPOSIT',
  TRANSFER_INSTANT_INBOUND: 'DEPOSIT',
  TRANSFER_IN: 'DEPOSIT',
  CUSTOMER_OUTBOUND_REQUEST: 'WITHDRAWAL',
  TRANSFER_OUT: 'WITHDRAWAL',
  TRANSFER_INSTANT_OUTBOUND: 'WITHDRAWAL',
  CARD_TRANSACTION: 'WITHDRAWAL',
  EARNINGS: 'TAX',
  PRE_DETERMINED_TAX_BASE: 'TAX',
  TAX_OPTIMIZATION: 'TAX',
  SEC_ACCOUNT: 'TAX',
  // Charged by sign: a positive one is a refund (row-conventions reads it as FEE_REFUND or
  // TAX_REFUND, with a notice).
  FEE: 'FEE',
  TAX: 'TAX',
  // Only ever a corporate action: the units it booked in.
  SPLIT: 'SPLIT',
  // A bond repaid: its units out, its money in (the CORPORATE_ACTION row of the same word only
  // announces it, and is left out).
  FINAL_MATURITY: { corporate: 'redemption' },
  TILG: { corporate: 'redemption' },
}

/** Corporate actions whose money and units come in a `CASH` row of their own. */
const ANNOUNCEMENTS = new Set(['REDEMPTION', 'FINAL_MATURITY', 'WARRANT_EXERCISE'])

/** The shape of an ISIN; anything else in `symbol` is a code (crypto: `BTC`, `ETH`). */
const ISIN_SHAPE = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/i

function isZero(value: string | null): boolean {
  return value === null || !/[1-9]/.test(value)
}

export const tradeRepublicPreset: PresetDefinition = {
  headers: {
    date: ['date'],
    type: ['type'],
    isin: ['symbol'],
    name: ['name'],
    instrumentType: ['asset_class'],
    quantity: ['shares'],
    price: ['price'],
    amount: ['amount'],
    fee: ['fee'],
    tax: ['tax'],
    currency: ['currency'],
    note: ['description'],
  },
  extraColumns: {
    category: { names: ['category'] },
    typeWord: { names: ['type'] },
    assetClass: { names: ['asset_class'] },
    signedTax: { names: ['tax'], number: true },
  },
  detect: (_table, headers) =>
    hasAll(headers, [
      ['datetime'],
      ['date'],
      ['account_type'],
      ['category'],
      ['type'],
      ['asset_class'],
      ['symbol'],
      ['shares'],
      ['amount'],
      ['fee'],
      ['tax'],
      ['currency'],
      ['transaction_id'],
    ]),
  // Both generations are UTF-8 with `.` decimals; the separator differs (`;` older, `,` newer).
  readOptions: { encoding: 'utf-8', decimalSeparator: '.' },
  typeOf: (cell) => TYPES[cell.trim().toUpperCase()] ?? null,
  tradeAmount: 'gross',
  // Every trade is booked in euros, a US share's too: its euro listing is the user's own.
  listsInRowCurrency: true,
  // Money out always carries a minus: a plus on a fee or a tax is a refund, on a purchase's
  // amount a reversal, and even a small file of refunds alone is read so.
  signs: { quantity: 'signed', amount: 'signed', fee: 'signed', tax: 'signed' },
  adjust(row) {
    const tx = row.transaction
    const { instrument } = row
    if (row.extra('category')?.toUpperCase() === 'CORPORATE_ACTION') {
      const word = row.extra('typeWord')?.toUpperCase() ?? ''
      if (ANNOUNCEMENTS.has(word)) {
        row.leaveOut('not_a_transaction')
        return
      }
    }
    const symbol = instrument.isin
    if (
      symbol !== null &&
      (row.extra('assetClass')?.toUpperCase() === 'CRYPTO' || !ISIN_SHAPE.test(symbol))
    ) {
      instrument.code = symbol
      instrument.isin = null
    }
    // Vorabpauschale and other tax rows give the tax beside an amount of 0 (row-conventions takes
    // it as the amount); one the allowance covered charges nothing.
    if (tx.type === 'TAX' && isZero(tx.amount) && isZero(row.extra('signedTax'))) {
      row.leaveOut('not_a_transaction')
    }
  },
}
