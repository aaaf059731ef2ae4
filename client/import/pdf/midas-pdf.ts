import { multiplyDecimals, subtractDecimals } from '../../../shared/import/decimal-text'
import {
  incomplete,
  parseWith,
  PdfReadError,
  type PdfLeftOut,
  type PdfParse,
  type PdfRow,
} from './pdf-row'
import { isoDate, near, PdfNumbers } from './pdf-values'

/**
 * Midas's monthly account statement (`Hesap Ekstresi`), one section per kind and currency:
 * executed orders (`YATIRIM İŞLEMLERİ`: `Gerçekleşti`, or a partial fill whose rest was
 * cancelled, `Kalan İptal Edildi`, read at its executed quantity), dividends with the Turkish
 * withholding as tax (`TEMETTÜ İŞLEMLERİ`) and deposits and withdrawals (`HESAP İŞLEMLERİ`).
 * Every figure is a magnitude in Turkish notation; dates are `dd/MM/yy`. Cancelled orders and
 * currency exchanges are left out by name; a row of any other kind stops the statement.
 */

export function detectMidas(lines: readonly string[]): boolean {
  return (
    lines.some((line) => line.startsWith('Midas Menkul Değerler')) &&
    lines.some((line) => line.includes('HESAP EKSTRESİ'))
  )
}

type Section = 'portfolio' | 'trades' | 'cash' | 'dividends' | 'transfers'

const SECTIONS: readonly [string, Section][] = [
  ['PORTFÖY ÖZETİ', 'portfolio'],
  ['YATIRIM İŞLEMLERİ', 'trades'],
  ['HESAP İŞLEMLERİ', 'cash'],
  ['TEMETTÜ İŞLEMLERİ', 'dividends'],
  ['HİSSE TRANSFERLERİ', 'transfers'],
]

const DAY = '(\\d{2}/\\d{2}/\\d{2})'
const TIME = '\\d{2}:\\d{2}:\\d{2}'
const NUM = '\\d[\\d.,]*'
const CELL = `(${NUM}|-)`
const STATUS_WORDS = new Set(['Gerçekleşti', 'Kalan', 'İptal', 'Edildi'])

const TRADE = new RegExp(
  `^${DAY} ${TIME} (.+?) ([A-Z0-9.]+) (Alış|Satış) ?(.*?) (TRY|USD) ${CELL} ${CELL} ${CELL} ${CELL} ${CELL} ${CELL}$`,
)
const CASH = new RegExp(
  `^${DAY} ${TIME} ${DAY} ${TIME} (.+?) (Gerçekleşti|İptal Edildi) (${NUM}) (TRY|USD)$`,
)
const DIVIDEND = new RegExp(`^${DAY} ([A-Z0-9.]+) - (.+?) (${NUM}) (${NUM}) (${NUM})$`)
const ROW_START = new RegExp(`^${DAY} `)

function sectionOf(line: string): Section | null {
  return SECTIONS.find(([title]) => line.startsWith(title))?.[1] ?? null
}

function isStatusFragment(line: string | undefined): boolean {
  return line !== undefined && line.split(' ').every((word) => STATUS_WORDS.has(word))
}

class Statement {
  readonly numbers = new PdfNumbers(',')
  readonly rows: PdfRow[] = []
  readonly note: string

  constructor(
    readonly lines: readonly string[],
    readonly leftOut: PdfLeftOut[],
  ) {
    const period = lines
      .map((line) => new RegExp(`^${DAY} - ${DAY} HESAP EKSTRESİ`).exec(line))
      .find((found) => found !== null)
    this.note = `Midas Hesap Ekstresi${period ? ` ${period[1]} - ${period[2]}` : ''}`
  }

  /** A cell: `-` is empty. */
  cell(text: string | undefined): string | null {
    return text === undefined || text === '-' ? null : this.numbers.read(text)
  }

  /**
   * A wrapped status cell leaves its words on the lines around the row, the row itself without
   * them: they are taken back from there.
   */
  trade(line: string, index: number): void {
    const found = TRADE.exec(line)
    if (!found) return incomplete(line)
    const [, day = '', , code = '', side = '', written = '', currency = ''] = found
    const [, , executed, price, fee, total] = found.slice(7).map((text) => this.cell(text))
    let status = written
    if (status === '') {
      const around = [this.lines[index - 1], this.lines[index + 1]].filter(isStatusFragment)
      status = around.join(' ')
    }
    if (status === 'İptal Edildi') {
      this.leftOut.push({ line, reason: 'cancelled' })
      return
    }
    if (status !== 'Gerçekleşti' && status !== 'Kalan İptal Edildi') return incomplete(line)
    if (!executed || !price || !/[1-9]/.test(executed)) return incomplete(line)
    const gross = multiplyDecimals(executed, price)
    // The total is the fill's value, with or without the fee: either is checked to the kuruş.
    if (
      total &&
      !near(gross, total, '0.01') &&
      !near(gross, subtractDecimals(total, fee ?? '0'), '0.01') &&
      !near(gross, subtractDecimals(total, `-${fee ?? '0'}`), '0.01')
    ) {
      return incomplete(line)
    }
    this.rows.push({
      date: isoDate(day),
      type: side === 'Alış' ? 'BUY' : 'SELL',
      isin: null,
      code,
      name: null,
      quantity: executed,
      price,
      amount: total ?? null,
      fee: fee ?? '0',
      tax: '0',
      currency,
      note: this.note,
    })
  }

  cash(line: string): void {
    const found = CASH.exec(line)
    if (!found) return incomplete(line)
    const [, , day = '', kind = '', status = '', amount = '', currency = ''] = found
    if (status === 'İptal Edildi') {
      this.leftOut.push({ line, reason: 'cancelled' })
      return
    }
    if (kind.startsWith('Döviz')) {
      this.leftOut.push({ line, reason: 'currency_exchange' })
      return
    }
    const type = kind.startsWith('Para Yatırma')
      ? 'DEPOSIT'
      : kind.startsWith('Para Çekme')
        ? 'WITHDRAWAL'
        : null
    if (!type) throw new PdfReadError('pdf_unsupported', line)
    this.rows.push({
      date: isoDate(day),
      type,
      isin: null,
      code: null,
      name: null,
      quantity: null,
      price: null,
      amount: this.numbers.read(amount),
      fee: '0',
      tax: '0',
      currency,
      note: `${this.note} ${kind}`,
    })
  }

  dividend(line: string, currency: string): void {
    const found = DIVIDEND.exec(line)
    if (!found) return incomplete(line)
    const [, day = '', code = '', name = '', grossText = '', taxText = '', netText = ''] = found
    const [gross, tax, net] = [grossText, taxText, netText].map((text) => this.numbers.read(text))
    if (!near(subtractDecimals(gross ?? '0', tax ?? '0'), net ?? '0', '0')) incomplete(line)
    this.rows.push({
      date: isoDate(day),
      type: 'DIVIDEND',
      isin: null,
      code,
      name: name.replace(/\.{3}$/, '').trim(),
      quantity: null,
      price: null,
      amount: gross ?? '0',
      fee: '0',
      tax: tax ?? '0',
      currency,
      note: this.note,
    })
  }
}

export function parseMidas(lines: readonly string[]): PdfParse {
  return parseWith((leftOut) => {
    const statement = new Statement(lines, leftOut)
    let section: Section | null = null
    let currency = 'TRY'
    lines.forEach((line, index) => {
      const next = sectionOf(line)
      if (next) {
        section = next
        currency = line.includes('(USD)') ? 'USD' : 'TRY'
        return
      }
      // Headers repeat on every page; page furniture and wrapped cells start with no date.
      if (!ROW_START.test(line)) return
      if (section === 'trades') statement.trade(line, index)
      else if (section === 'cash') statement.cash(line)
      else if (section === 'dividends') statement.dividend(line, currency)
      else if (section === 'transfers') throw new PdfReadError('pdf_unsupported', line)
    })
    return statement.rows
  })
}
