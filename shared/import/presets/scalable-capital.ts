import { addDecimals } from '../decimal-text'
import { hasAll, type PresetDefinition } from './preset-definition'

/**
 * Scalable Capital's transaction export (web broker: Transactions → Export): `;`-separated,
 * quoted text, English headers and type words in every UI language, German numbers (`-5.743,51`),
 * ISO dates with the time in a column of its own. Its type words (`Buy`, `Sell`, `Savings plan`,
 * `Distribution`, `Deposit`, `Withdrawal`, `Taxes`, `Fee`, `Interest`) are all among the shared
 * ones, so the preset needs no `typeOf`; any other word (security transfers, corporate actions)
 * is an unknown type.
 *
 * Signs: `amount` is the cash booking, negative for money out (a purchase is −shares × price, so
 * the trade amount is `gross`; withdrawals, `Taxes` and `Fee` rows are negative); `fee` and `tax`
 * are positive magnitudes.
 *
 * A distribution's `amount` is net of its `tax`, so the gross income is amount + tax. The export's
 * real sample shows it: `29,27` with tax `6,63` on an equity ETF is exactly 18.46 % of 35,90, the
 * German capital gains tax with solidarity surcharge on 70 % of an equity fund's distribution
 * (26.375 % × 0.7); 6,63 of 29,27 would be 22.65 %, no rate at all. A property fund's `9,56` with
 * `3,41` is 26.3 % of 12,97 (the full rate, no exemption), 35.7 % of 9,56. Interest is read the
 * same way (the same cash booking; no sample shows interest with tax).
 *
 * Left out: rows whose `status` is not `Executed` (pending, cancelled, expired or rejected orders).
 * A `Taxes` or `Fee` row with a plus is money given back: a refund (row-conventions). Refused by
 * name: a negative fee or tax beside a trade (a refund no row of its own holds: the sign
 * contradicts the type), a negative distribution (a reversal), and any type word not among the
 * shared ones (unknown type).
 */
export const scalableCapitalPreset: PresetDefinition = {
  headers: {
    date: ['date'],
    type: ['type'],
    isin: ['isin'],
    name: ['description'],
    quantity: ['shares'],
    price: ['price'],
    amount: ['amount'],
    fee: ['fee'],
    tax: ['tax'],
    currency: ['currency'],
    note: ['reference'],
  },
  extraColumns: {
    status: { names: ['status'] },
  },
  detect: (_table, headers) =>
    hasAll(headers, [
      ['date'],
      ['time'],
      ['status'],
      ['reference'],
      ['description'],
      ['assetType'],
      ['type'],
      ['isin'],
      ['shares'],
      ['price'],
      ['amount'],
      ['fee'],
      ['tax'],
      ['currency'],
    ]),
  readOptions: { encoding: 'utf-8', separator: ';', decimalSeparator: ',' },
  tradeAmount: 'gross',
  // Every trade is booked in euros, a US share's too: its euro listing is the user's own.
  listsInRowCurrency: true,
  // The amount carries the cash account's sign; fees and taxes beside it are magnitudes.
  signs: { amount: 'signed', fee: 'magnitudes', tax: 'magnitudes' },
  adjust(row) {
    if (row.extra('status')?.toLowerCase() !== 'executed') {
      row.leaveOut('not_executed')
      return
    }
    const tx = row.transaction
    if (
      (tx.type === 'DIVIDEND' || tx.type === 'INTEREST') &&
      tx.amount !== null &&
      tx.tax !== null
    ) {
      tx.amount = addDecimals(tx.amount, tx.tax)
    }
  },
}
