import { buildXlsx, type XlsxCell } from './build-xlsx'

/**
 * Test sample: a Turkish bank-owned broker's "Hesap Ekstresi" (account statement) as its xlsx
 * plausibly looks. Evidence: guess — no public sample of İş Yatırım's (or any Turkish bank-owned
 * broker's) xlsx export was found (notes/broker-formats.md §8b): a preamble (customer, account,
 * date range), a Turkish header, BIST trades in TRY with `Alış`/`Satış`, a dividend, and a total.
 * Dates are day counts styled `dd.mm.yyyy` (Excel's Turkish date), amounts numbers styled
 * `#,##0.00`; the commission's BSMV (5 % tax on it) is its own column.
 */
const n = (number: string): XlsxCell => ({ number })
const day = (date: number): XlsxCell => ({ date })

export const IS_YATIRIM_ROWS: readonly (readonly XlsxCell[])[] = [
  ['HESAP EKSTRESİ'],
  ['Müşteri', 'AHMET YILMAZ'],
  ['Hesap No', '123456-7'],
  ['Tarih Aralığı', '01.01.2024 - 31.03.2024'],
  [],
  ['Tarih', 'İşlem', 'Sembol', 'Adet', 'Fiyat', 'Tutar', 'Komisyon', 'BSMV', 'Net Tutar'],
  // 2024-01-03: 100 THYAO at 254.25 = 25,425.00; commission 0.2 % = 50.85, BSMV 5 % = 2.5425.
  [
    day(45294),
    'Alış',
    'THYAO',
    n('100'),
    n('254.25'),
    n('25425'),
    n('50.85'),
    n('2.5425'),
    n('25478.3925'),
  ],
  [
    day(45327),
    'Alış',
    'ASELS',
    n('250'),
    n('48.6'),
    n('12150'),
    n('24.3'),
    n('1.215'),
    n('12175.515'),
  ],
  // Excel computed 0.1 + 0.2 style noise into the sale's commission (stored as a double).
  [
    day(45355),
    'Satış',
    'THYAO',
    n('40'),
    n('281.5'),
    n('11260'),
    n('22.52'),
    n('1.1260000000000001'),
    n('11236.354'),
  ],
  [day(45373), 'Temettü', 'ASELS', null, null, n('187.5'), null, null, n('187.5')],
  [],
  ['Toplam', null, null, null, null, n('49022.5'), n('97.67'), n('4.8835'), n('49077.7615')],
]

export const isYatirimHesapEkstresi = (): Uint8Array => buildXlsx([IS_YATIRIM_ROWS])
