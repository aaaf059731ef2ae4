import type { TransactionType } from '../../portfolio/portfolio-kinds'
import { foldKey } from '../fold-key'
import { hasAll, type PresetDefinition } from './preset-definition'

/** `İşlem`: a share purchase or sale; other words fall back to the shared ones. */
const GARANTI_TYPES: Readonly<Record<string, TransactionType>> = {
  [foldKey('Hisse Alış')]: 'BUY',
  [foldKey('Hisse Satış')]: 'SELL',
}

/**
 * Garanti BBVA Yatırım's share transactions CSV: UTF-8 with a BOM, every field quoted, Turkish
 * decimal commas, `dd.MM.yyyy`, one row per executed share purchase (`Hisse Alış`) or sale
 * (`Hisse Satış`) on Borsa İstanbul. `Tutar` is quantity × the executed price (`Gerç.Fiyat`),
 * the commission (`Komisyon`, a positive magnitude) beside it, so it only checks the price.
 *
 * The file names neither a currency nor an exchange: every row is in Turkish lira on Borsa
 * İstanbul, so codes such as THYAO match the catalog's Istanbul listings. Evidence: one public
 * sample (2023); which menu writes it is not known.
 */
export const garantiBbvaPreset: PresetDefinition = {
  headers: {
    code: ['Hisse'],
    date: ['Tarih'],
    quantity: ['Adet'],
    amount: ['Tutar'],
    price: ['Gerç.Fiyat'],
    fee: ['Komisyon'],
    type: ['İşlem'],
  },
  detect: (_table, headers) =>
    hasAll(headers, [
      ['Hisse'],
      ['Tarih'],
      ['Adet'],
      ['Tutar'],
      ['Gerç.Fiyat'],
      ['Komisyon'],
      ['İşlem'],
    ]),
  readOptions: { encoding: 'utf-8', separator: ',', decimalSeparator: ',', dateOrder: 'DMY' },
  typeOf: (cell) => GARANTI_TYPES[foldKey(cell)],
  tradeAmount: 'gross',
  adjust(row) {
    row.transaction.currency = 'TRY'
    row.instrument.exchange = 'BIST'
  },
}
