import { addDecimals, divideToPlaces, isPositive, subtractDecimals } from '../decimal-text'
import { foldKey } from '../fold-key'
import { hasAll, type PresetDefinition, type PresetRow } from './preset-definition'

/**
 * Portfolio Performance books a total (`Wert`) with fees and taxes beside it, and a gross amount
 * in the security's currency when that differs from the account's. Turns that into a price per
 * share (trades) or a gross amount (income), in the security's currency. Keeps the booking
 * currency when the row keeps the file's rate (account per security currency).
 */
function bookedValue(row: PresetRow) {
  const tx = row.transaction
  const value = tx.amount
  tx.amount = null
  const grossText = row.extraNumber('grossAmount')
  const grossCurrency = row.extraCurrency('grossCurrency')
  const gross =
    grossText !== null && grossCurrency !== null
      ? { amount: grossText.replace(/^-/, ''), currency: grossCurrency }
      : null
  const foreign = gross !== null && gross.currency !== tx.currency
  if (foreign) {
    row.bookingCurrency = tx.currency
    if (!isPositive(tx.fxRate)) {
      row.report('missing_value', row.column('fxRate'), 'fxRate')
      return
    }
    const rate = tx.fxRate
    const convert = (money: string | null) => (money === null ? null : divideToPlaces(money, rate))
    tx.fee = convert(tx.fee)
    tx.tax = convert(tx.tax)
    tx.currency = gross.currency
  } else {
    // Its exchange rate belongs to the gross amount; without one, the API finds the day's rate.
    tx.fxRate = null
  }
  const costs = [tx.fee ?? '0', tx.tax ?? '0']
  switch (tx.type) {
    case 'BUY':
    case 'SELL':
    case 'TRANSFER_IN': {
      const total = foreign
        ? gross.amount
        : value === null
          ? null
          : tx.type === 'SELL'
            ? addDecimals(value, ...costs)
            : subtractDecimals(value, ...costs)
      if (isPositive(tx.quantity) && total !== null) {
        tx.unitPrice = divideToPlaces(total, tx.quantity)
      }
      break
    }
    case 'DIVIDEND':
    case 'INTEREST':
      // Income is booked net: its fees and taxes lie on top of the booked value.
      tx.amount = foreign ? gross.amount : value === null ? null : addDecimals(value, ...costs)
      break
    case 'TRANSFER_OUT':
    case 'SPLIT':
    case null:
      break
    default:
      tx.amount = foreign ? gross.amount : value
  }
}

/**
 * Portfolio Performance's CSV export of account and portfolio transactions (`CSVExporter`), in
 * its German and English wording. `Wert`/`Value` is the booked total, signed as the account or
 * the portfolio sees it (a purchase is negative in one, positive in the other), so its sign is
 * read as a magnitude.
 */
/**
 * A transfer between Portfolio Performance's own accounts: money into or out of the account the
 * file is of, as this portfolio sees it.
 */
const ACCOUNT_TRANSFERS: Readonly<Record<string, 'DEPOSIT' | 'WITHDRAWAL'>> = {
  [foldKey('Umbuchung (Eingang)')]: 'DEPOSIT',
  [foldKey('Transfer (Inbound)')]: 'DEPOSIT',
  [foldKey('Umbuchung (Ausgang)')]: 'WITHDRAWAL',
  [foldKey('Transfer (Outbound)')]: 'WITHDRAWAL',
}

export const portfolioPerformancePreset: PresetDefinition = {
  headers: {
    date: ['Datum', 'Date'],
    type: ['Typ', 'Type'],
    amount: ['Wert', 'Value'],
    currency: ['Buchungswährung', 'Transaction Currency'],
    fxRate: ['Wechselkurs', 'Exchange Rate'],
    fee: ['Gebühren', 'Fees'],
    tax: ['Steuern', 'Taxes'],
    quantity: ['Stück', 'Shares'],
    isin: ['ISIN'],
    code: ['Ticker-Symbol', 'Ticker Symbol'],
    name: ['Wertpapiername', 'Security Name'],
    note: ['Notiz', 'Note'],
  },
  extraColumns: {
    grossAmount: { names: ['Bruttobetrag', 'Gross Amount'], number: true },
    grossCurrency: { names: ['Währung Bruttobetrag', 'Currency Gross Amount'] },
  },
  ownSigns: ['amount'],
  detect: (_table, headers) =>
    hasAll(headers, [
      ['Datum', 'Date'],
      ['Typ', 'Type'],
      ['Wert', 'Value'],
      ['Buchungswährung', 'Transaction Currency'],
    ]),
  // Portfolio Performance writes the separator and number format of the user's locale.
  readOptions: {},
  typeOf: (cell) => ACCOUNT_TRANSFERS[foldKey(cell)],
  adjust: bookedValue,
}
