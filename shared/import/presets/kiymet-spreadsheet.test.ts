import { describe, expect, it } from 'vitest'
import { IMPORT_FIELDS } from '../../api/schemas/import'
import { LOCALE_CODES } from '../../i18n/locales'
import { loadMessages } from '../../i18n/messages'
import { foldKey } from '../fold-key'
import { importFile } from '../import-fixture'
import { spreadsheetHeaders } from './kiymet-spreadsheet'

describe('kiymet_spreadsheet', () => {
  it.each(LOCALE_CODES)(
    'knows the headers the export writes in %s: the import dialog’s field names',
    async (locale) => {
      const { import: texts } = await loadMessages(locale)
      const headers = spreadsheetHeaders(locale)
      for (const field of IMPORT_FIELDS) {
        expect(headers[field][0]).toBe(texts.dialog.fields[field])
      }
    },
  )

  it('gives no name to two fields, in any language', () => {
    const owner = new Map<string, string>()
    for (const locale of LOCALE_CODES) {
      for (const [field, names] of Object.entries(spreadsheetHeaders(locale))) {
        for (const name of names) {
          expect(owner.get(foldKey(name)) ?? field).toBe(field)
          owner.set(foldKey(name), field)
        }
      }
    }
  })

  // Every date could be either order: read day first, the sale would precede the purchase.
  it('reads dates in the order of the headers’ language, whatever the reader’s', () => {
    const csv =
      '\uFEFFDate,Type,Code,ISIN,Name,Kind of instrument,Exchange,Quantity,Price,Amount,Fee,Tax,' +
      'Currency,Exchange rate,Split ratio,Originally bought on,Exchange rate when bought,' +
      'Currency received (exchange),Amount received (exchange),Note\r\n' +
      '02/05/2024,Buy,AAPL,,,Stock,,3,185.50,,1.00,0.00,USD,,,,,,,\r\n' +
      '03/02/2024,Sell,AAPL,,,Stock,,1,170.00,,1.00,0.00,USD,,,,,,,\r\n'
    const { preset, rows, dateOrder } = importFile(csv, { fallbackDateOrder: 'DMY' })
    expect(preset).toBe('kiymet_spreadsheet')
    expect(dateOrder).toBe('MDY')
    expect(rows.map((row) => row.transaction.tradeDate)).toEqual(['2024-02-05', '2024-03-02'])
  })
})
