import type { TransactionType } from '../../portfolio/portfolio-kinds'
import { CURRENCIES, isCurrency } from '../../api/schemas/currencies'
import { addDecimals, divideToPlaces, magnitude, multiplyDecimals } from '../decimal-text'
import { minorUnitCurrency } from '../../portfolio/minor-units'
import { hasAll, type PresetDefinition, type PresetRow } from './preset-definition'

const QUANTITY = ['Quantity', 'Anzahl', 'Aantal']
const PRICE = ['Price', 'Kurs', 'Koers']
/**
 * The current layout names the account's currency in the fee's header (`… fees EUR`, `… CHF`);
 * the older one beside it.
 */
const FEES_NAMED = [
  'Transaction and/or third party fees',
  'Transaktionsgebühren und/oder Fremdkosten',
  'Transactiekosten en/of kosten van derden',
].flatMap((words) => CURRENCIES.map((currency) => `${words} ${currency}`))
// The older layout is documented in German; its English and Dutch names are a guess.
const FEES_OLDER = ['Transaktionsgebühren', 'Transaction costs', 'Transactiekosten']

/** A row's type from its quantity's sign: DEGIRO writes a sale as units out. */
function degiroType(cell: string): TransactionType | null {
  const match = /^([+-]?)\s*0*[0-9]/.exec(cell.trim())
  if (!match || !/[1-9]/.test(cell)) return null
  return match[1] === '-' ? 'SELL' : 'BUY'
}

/** The account currency a header ends in (`… fees EUR`), else null. */
function headerCurrency(header: string | null): string | null {
  const code = /\b([A-Z]{3})$/.exec(header?.trim() ?? '')?.[1] ?? null
  return code !== null && isCurrency(code) ? code : null
}

/**
 * The row's money in the listing's currency. The price is the listing's (the unnamed column
 * after it); the fees (DEGIRO's own and AutoFX, both in the account's currency) are converted
 * with the row's `Exchange rate` (listing currency per account currency): exactly, as the
 * product of two decimals, so no rounding; the rate's inverse, kept to 20 places, becomes the
 * row's rate, which the portfolio takes when its base is the account currency.
 */
function listingMoney(row: PresetRow) {
  const tx = row.transaction
  const listing = tx.currency
  // Read from their cells, in the account's currency: the row's fee was taken as the listing's
  // and scaled with it when that is pence.
  const written = [row.extraNumber('fees'), row.extraNumber('autoFx')].filter(
    (value): value is string => value !== null,
  )
  const charged = written.filter((value) => /[1-9]/.test(value)).map(magnitude)
  const fee =
    charged.length > 1
      ? addDecimals(...charged)
      : (charged[0] ?? (written[0] === undefined ? null : magnitude(written[0])))
  const account = row.extraCurrency('feeCurrency') ?? headerCurrency(row.column('fee'))
  if (listing === null || account === null || listing === account) {
    tx.fee = fee
    return
  }
  if (fee === null || !/[1-9]/.test(fee)) {
    tx.fee = fee
    return
  }
  const rateText = row.extraNumber('rate')
  if (rateText === null || rateText.startsWith('-') || !/[1-9]/.test(rateText)) {
    tx.fee = null
    // Without the rate, fees in the account's currency cannot be put in the listing's.
    row.report('missing_value', row.extraColumn('rate'), 'fxRate')
    return
  }
  // A rate in pence per euro is a hundredth of the pounds per euro.
  const unit = row.extra('priceCurrency')
  const rate =
    unit !== null && minorUnitCurrency(unit) !== null ? divideToPlaces(rateText, '100') : rateText
  tx.fee = multiplyDecimals(fee, rate)
  row.notice('fee_converted', row.column('fee'), {
    fee: { decimal: fee },
    from: account,
    to: listing,
    rate: { decimal: rate },
  })
  tx.fxRate = divideToPlaces('1', rate)
  row.bookingCurrency = account
}

/**
 * DEGIRO's `Transactions.csv` (Inbox → Transactions → Export): one row per execution (a
 * partial fill is a row of its own), in the current layout (English, German or Dutch headers,
 * the account currency in `Value EUR`, `Total EUR` and the fees' header, with an `AutoFX Fee`
 * column) and the older German one (the account currency in the unnamed column after `Wert`,
 * `Transaktionsgebühren` and `Gesamt`). Always `,` separated, `dd-MM-yyyy` dates (the time in
 * its own column, not read), decimal commas in quotes in German and Dutch.
 *
 * There is no type column: a negative quantity is a sale, so the type is the quantity's sign.
 * `Local value` (quantity × price, signed as cash) checks the price. The file holds trades
 * only: dividends, deposits and fees outside trades are in the account statement
 * (`Account.csv`), which this preset does not read. Prices in pence (`GBX`) are read in pounds
 * (÷ 100), as every file's.
 */
export const degiroPreset: PresetDefinition = {
  headers: {
    date: ['Date', 'Datum'],
    name: ['Product', 'Produkt'],
    isin: ['ISIN'],
    // The quantity before the type: the type shares its column.
    quantity: QUANTITY,
    type: QUANTITY,
    price: PRICE,
    amount: ['Local value', 'Wert in Lokalwährung', 'Lokale waarde'],
    fee: [...FEES_NAMED, ...FEES_OLDER],
  },
  sharedColumns: ['type'],
  // The listing's currency stands in the unnamed column after the price.
  currencyColumns: ['priceCurrency'],
  extraColumns: {
    priceCurrency: { names: PRICE, next: true },
    feeCurrency: { names: FEES_OLDER, next: true },
    fees: { names: [...FEES_NAMED, ...FEES_OLDER], number: true },
    autoFx: { names: ['AutoFX Fee', 'AutoFX-Gebühr', 'AutoFX Kosten'], number: true },
    rate: { names: ['Exchange rate', 'Wechselkurs', 'Wisselkoers'], number: true },
  },
  detect: (_table, headers) =>
    hasAll(headers, [
      ['Date', 'Datum'],
      ['Product', 'Produkt'],
      ['ISIN'],
      ['Reference exchange', 'Referenzbörse', 'Beurs'],
      ['Venue', 'Ausführungsort', 'Uitvoeringsplaats'],
      QUANTITY,
      PRICE,
      ['Order ID', 'Order-ID'],
    ]),
  // The decimal separator follows the language of DEGIRO's website, so it is detected.
  readOptions: { separator: ',', dateOrder: 'DMY' },
  typeOf: degiroType,
  tradeAmount: 'gross',
  // A share bought on Xetra is booked in euros, on NASDAQ in dollars.
  listsInRowCurrency: true,
  adjust: listingMoney,
}
