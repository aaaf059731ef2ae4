import { FIELD_RULES } from '../../api/schemas/transaction'
import { hasAll, type PresetDefinition, type PresetRow } from './preset-definition'

/** Ghostfolio's symbol for an asset the user made up: its id. */
const GHOSTFOLIO_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const CODE_LENGTH = 20

/**
 * An instrument code for a made-up asset, from its name (`Penthouse Apartment` →
 * `PENTHOUSE.APARTMENT`): the app's codes are upper-case letters, digits and points, at
 * most 20.
 */
export function codeFromName(name: string): string | null {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .replace(/ß/g, 'ss')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((word) => word !== '')
  // Whole words while they fit in a code's 20 characters; a longer first word is cut.
  let code = words[0]?.slice(0, CODE_LENGTH) ?? ''
  for (const word of words.slice(1)) {
    if (code.length + 1 + word.length > CODE_LENGTH) break
    code = `${code}.${word}`
  }
  return code === '' ? null : code
}

/**
 * A made-up asset: the JSON export names it by its id (its name is in the asset profiles), the
 * CSV by its name, with the data source MANUAL. Account fees and interest need no instrument
 * here (the CSV's name then stays as the note); a bought one becomes the user's own instrument.
 */
function manualAsset(row: PresetRow) {
  const { instrument, transaction } = row
  const byId = GHOSTFOLIO_UUID.test(instrument.code ?? '')
  const byName = !byId && row.extra('dataSource')?.toUpperCase() === 'MANUAL'
  if (!byId && !byName) return
  const written = instrument.code
  if (transaction.type !== null && FIELD_RULES[transaction.type].instrumentId === 'optional') {
    instrument.code = null
    if (byName) transaction.note ??= written
    return
  }
  const name = row.extra('profileName') ?? (byName ? written : instrument.name)
  instrument.name = name
  instrument.code = name === null ? instrument.code : codeFromName(name)
  instrument.manual = true
}

/** The CSV's columns, with the other names Ghostfolio's import takes for them. */
const CSV_DATE = ['Date', 'TradeDate']
const CSV_CODE = ['Code', 'Symbol', 'Ticker']
const CSV_TYPE = ['Action', 'Type', 'Buy/Sell']

/**
 * Ghostfolio's JSON export (`activities`, joined with `assetProfiles` by json-table) and the CSV
 * its import takes (`Date,Code,DataSource,Currency,Price,Quantity,Action,Fee,Note`, with the
 * other names its import knows for each column). Every number is a magnitude; the type gives the
 * direction. Prices may be in a minor unit (`GBp`, `ZAc`). The CSV's dates are day first or year
 * first (`16-09-2021`, `17/11/2021`, `01.01.2022`, `2021-09-16`, `20210916`), never month first.
 * A made-up asset (data source MANUAL) is named in the CSV by its name, in the JSON by its id.
 * `LIABILITY` (a debt, not a transaction) is refused as an unknown type.
 */
export const ghostfolioPreset: PresetDefinition = {
  headers: {
    date: ['date', 'TradeDate'],
    type: ['type', 'Action', 'Buy/Sell'],
    code: ['symbol', 'Code', 'Ticker'],
    isin: ['assetProfile.isin'],
    quantity: ['quantity', 'Qty', 'Shares', 'Units'],
    price: ['unitPrice', 'Price', 'TradePrice'],
    fee: ['fee', 'Commission', 'IBCommission'],
    currency: ['currency', 'Ccy', 'CurrencyPrimary'],
    note: ['comment', 'Note'],
  },
  extraColumns: {
    profileName: { names: ['assetProfile.name'] },
    dataSource: { names: ['dataSource'] },
  },
  detect: (table, headers) =>
    table.kind === 'json'
      ? hasAll(headers, [['date'], ['type'], ['symbol']])
      : hasAll(headers, [CSV_DATE, CSV_CODE, ['DataSource'], CSV_TYPE]),
  // Ghostfolio never writes a date month first (its import reads none so).
  readOptions: { encoding: 'utf-8', decimalSeparator: '.', dateOrder: 'DMY' },
  // `ITEM` (a valuable) was Ghostfolio's before it became a purchase of a manual asset.
  typeOf: (cell) => (cell.toUpperCase() === 'ITEM' ? 'BUY' : undefined),
  adjust(row) {
    manualAsset(row)
    // A fee activity keeps its money in `fee`, with quantity and price zero.
    const { transaction } = row
    if (
      transaction.type === 'FEE' &&
      transaction.amount === null &&
      /[1-9]/.test(transaction.fee ?? '')
    ) {
      transaction.amount = transaction.fee
      transaction.fee = null
    }
  },
}
