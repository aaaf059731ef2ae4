import { addDecimals, subtractDecimals } from '../../../shared/import/decimal-text'
import {
  incomplete,
  parseWith,
  PdfReadError,
  withTaxRefund,
  type PdfParse,
  type PdfRow,
} from './pdf-row'
import { isoDate, magnitude, near, PdfNumbers } from './pdf-values'

/**
 * Scalable Capital's German documents, one event each: a contract note (`Wertpapierabrechnung`
 * für Kundenauftrag / für Sparplanausführung, a buy or a sale), a dividend (`Dividende`) and the
 * advance lump-sum tax (`Vorabpauschale`). Only the first page is read: the second repeats the
 * tax computation and would count the taxes twice.
 */

const NUM = '[+-]?\\d[\\d.,]*'
const CCY = '[A-Z]{3}'
const DATE = '(\\d{2}\\.\\d{2}\\.\\d{4})'
const ISIN = /^(?:ISIN )?([A-Z]{2}[A-Z0-9]{9}\d)$/

export function detectScalableCapital(lines: readonly string[]): boolean {
  return lines.some((line) => /^Scalable Capital (?:Bank )?GmbH\b/.test(line))
}

const FEE = /gebühr|spesen|entgelt|provision|zuschlag/i
const TAX = /steuer|solidarit|kirchen/i

function find(lines: readonly string[], pattern: RegExp, what: string): RegExpExecArray {
  for (const line of lines) {
    const found = pattern.exec(line)
    if (found) return found
  }
  return incomplete(what)
}

function isinAfter(lines: readonly string[], at: number): string {
  const isin = ISIN.exec(lines[at + 1] ?? '')?.[1]
  return isin ?? incomplete(lines[at] ?? 'ISIN')
}

/**
 * Items between the position and the closing line are signed as they change the total (a fee
 * `+0,99` adds to a purchase's cost, `Steuern -50,51` takes from a sale's proceeds).
 */
function trade(lines: readonly string[], numbers: PdfNumbers, kind: string): PdfRow[] {
  const order = find(lines, /^Typ (.+) Order (\S+)$/, 'Typ … Order')
  const executed = find(lines, new RegExp(`^Ausführung ${DATE} `), 'Ausführung')
  const header = lines.findIndex((line) => line === 'Typ Wertpapier Anzahl Kurs Betrag')
  const position = new RegExp(
    `^(Kauf|Verkauf) (.+) (${NUM}) Stk\\. (${NUM}) (${CCY}) (${NUM}) (${CCY})$`,
  ).exec(lines[header + 1] ?? '')
  if (header < 0 || !position) return incomplete(lines[header + 1] ?? 'Typ Wertpapier')
  const [, side = '', name = '', quantity = '', price = '', , amount = '', currency = ''] = position
  const isin = isinAfter(lines, header + 1)
  const closing = lines.findIndex(
    (line, index) => index > header && /^(Total|Belastung|Gutschrift) /.test(line),
  )
  const last = new RegExp(`^(Total|Belastung|Gutschrift) (${NUM}) (${CCY})$`).exec(
    lines[closing] ?? '',
  )
  if (closing < 0 || !last) return incomplete('Total')
  const buying = side === 'Kauf'
  if (buying === (last[1] === 'Gutschrift')) incomplete(lines[closing] ?? '')
  let fee = '0'
  let tax = '0'
  for (const line of lines.slice(header + 3, closing)) {
    const item = new RegExp(`^(.+?) (${NUM}) (${CCY})$`).exec(line)
    if (!item) continue
    const [, label = '', value = '', itemCurrency = ''] = item
    if (itemCurrency !== currency) incomplete(line)
    // As a cost: positive when it is charged, whichever way the trade goes.
    const cost = buying ? numbers.read(value) : subtractDecimals('0', numbers.read(value))
    if (FEE.test(label)) fee = addDecimals(fee, cost)
    else if (TAX.test(label)) tax = addDecimals(tax, cost)
    else incomplete(line)
  }
  if (fee.startsWith('-')) incomplete(`${fee} ${currency}`)
  const gross = numbers.read(amount)
  const total = buying ? addDecimals(gross, fee, tax) : subtractDecimals(gross, fee, tax)
  if (!near(total, numbers.read(last[2] ?? ''), '0') || last[3] !== currency) {
    incomplete(lines[closing] ?? '')
  }
  const row: PdfRow = {
    date: isoDate(executed[1] ?? ''),
    type: buying ? 'BUY' : 'SELL',
    isin,
    code: null,
    name,
    quantity: numbers.read(quantity),
    price: numbers.read(price),
    amount: gross,
    fee,
    tax,
    currency,
    note: `Scalable Capital Wertpapierabrechnung ${kind} ${order[2] ?? ''}`.trim(),
  }
  // A tax below zero as a cost is tax given back (a sale at a loss).
  return tax.startsWith('-') ? withTaxRefund(row, magnitude(tax)) : [row]
}

function dividend(lines: readonly string[], numbers: PdfNumbers): PdfRow {
  const name = find(lines, /^Berechtigtes Wertpapier (.+)$/, 'Berechtigtes Wertpapier')[1] ?? ''
  const isin = find(lines, /^ISIN ([A-Z]{2}[A-Z0-9]{9}\d)$/, 'ISIN')[1] ?? ''
  const exDate = find(lines, new RegExp(`^Ex[- ]Tag ${DATE}$`), 'Ex Tag')[1] ?? ''
  const creditAt = lines.findIndex((line) => new RegExp(`^${DATE} ${DATE} Gutschrift `).test(line))
  const credit = new RegExp(
    `^${DATE} ${DATE} Gutschrift (${NUM}) (${CCY}) (${NUM}) (${NUM}) (${CCY})$`,
  ).exec(lines[creditAt] ?? '')
  if (!credit) return incomplete(lines[creditAt] ?? 'Gutschrift')
  const [, booked = '', , , , , gross = '', currency = ''] = credit
  const closingAt = lines.findIndex(
    (line, index) => index > creditAt && line.startsWith('Gesamtbetrag '),
  )
  const closing = new RegExp(`^Gesamtbetrag (${NUM}) (${CCY})$`).exec(lines[closingAt] ?? '')
  if (!closing || closing[2] !== currency) return incomplete(lines[closingAt] ?? 'Gesamtbetrag')
  let taxSum = '0'
  for (const line of lines.slice(creditAt + 1, closingAt)) {
    if (new RegExp(`^${CCY} / ${CCY} ${NUM}$`).test(line)) continue
    const item = new RegExp(`^(.+?) (${NUM}) (${CCY})$`).exec(line)
    if (!item) continue
    if (!TAX.test(item[1] ?? '') || item[3] !== currency) incomplete(line)
    taxSum = addDecimals(taxSum, numbers.read(item[2] ?? ''))
  }
  const amount = numbers.read(gross)
  const net = numbers.read(closing[1] ?? '')
  if (!near(addDecimals(amount, taxSum), net, '0')) incomplete(lines[closingAt] ?? '')
  const tax = subtractDecimals(amount, net)
  if (tax.startsWith('-')) throw new PdfReadError('pdf_tax_refund', `${magnitude(tax)} ${currency}`)
  return {
    date: isoDate(booked),
    type: 'DIVIDEND',
    isin,
    code: null,
    name,
    quantity: null,
    price: null,
    amount,
    fee: '0',
    tax,
    currency,
    note: `Scalable Capital Dividende Ex-Tag ${exDate}`,
  }
}

function advanceTax(lines: readonly string[], numbers: PdfNumbers): PdfRow[] {
  const fund = find(
    lines,
    /^(?:Vorabpauschale )?für (.+) \(([A-Z]{2}[A-Z0-9]{9}\d)\)$/,
    'Vorabpauschale für',
  )
  const debit = find(
    lines,
    new RegExp(`^${DATE} ${DATE} Steuerabbuchung (${NUM}) (${CCY}) (${NUM}) (${CCY})$`),
    'Steuerabbuchung',
  )
  const [, booked = '', , lumpSum = '', , tax = '', currency = ''] = debit
  const total = find(lines, new RegExp(`^Steuerbelastung (${NUM}) (${CCY})$`), 'Steuerbelastung')
  const amount = magnitude(numbers.read(tax))
  if (!near(amount, magnitude(numbers.read(total[1] ?? '')), '0') || total[2] !== currency) {
    incomplete(total[0])
  }
  if (!/[1-9]/.test(amount)) return []
  return [
    {
      date: isoDate(booked),
      type: 'TAX',
      isin: fund[2] ?? null,
      code: null,
      name: fund[1] ?? null,
      quantity: null,
      price: null,
      amount,
      fee: '0',
      tax: '0',
      currency,
      note: `Scalable Capital Vorabpauschale ${numbers.read(lumpSum)} ${currency}`,
    },
  ]
}

/** The first page: up to the second page's repeated title or its tax computation. */
function firstPage(lines: readonly string[]): readonly string[] {
  const end = lines.findIndex((line) => /^Ermittlung steuerrelevante/.test(line))
  return end < 0 ? lines : lines.slice(0, end)
}

export function parseScalableCapital(lines: readonly string[]): PdfParse {
  return parseWith(() => {
    const page = firstPage(lines)
    const numbers = PdfNumbers.of(page, ',')
    const titleAt = page.findIndex((line) =>
      /^(Wertpapierabrechnung|Dividende|Vorabpauschale)$/.test(line),
    )
    const title = page[titleAt] ?? null
    if (title === 'Wertpapierabrechnung') {
      const kind = /^für (Kundenauftrag|Sparplanausführung)$/.exec(page[titleAt + 1] ?? '')?.[1]
      if (kind) return trade(page, numbers, kind)
    }
    if (title === 'Dividende') return [dividend(page, numbers)]
    if (title === 'Vorabpauschale') return advanceTax(page, numbers)
    const named = page.find((line, index) => index > 0 && /^[A-ZÄÖÜ][a-zäöüß]+$/.test(line))
    throw new PdfReadError('pdf_unsupported', named ?? 'Scalable Capital')
  })
}
