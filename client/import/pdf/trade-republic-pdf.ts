import { addDecimals, subtractDecimals } from '../../../shared/import/decimal-text'
import {
  incomplete,
  parseWith,
  PdfReadError,
  withTaxRefund,
  type PdfParse,
  type PdfRow,
} from './pdf-row'
import { isoDate, magnitude, near, PdfNumbers, toCents } from './pdf-values'

/**
 * Trade Republic's German contract notes and income notices, one event per document: a buy or
 * sale (`WERTPAPIERABRECHNUNG`), a savings-plan purchase (`… SPARPLAN`), a dividend or fund
 * distribution (`DIVIDENDE`, `AUSSCHÜTTUNG`) and the advance lump-sum tax (`VORABPAUSCHALE`).
 * Every figure is checked against the cash booked (`BUCHUNG`); what does not add up is named.
 */

const TRADE_TITLES = new Set(['WERTPAPIERABRECHNUNG', 'WERTPAPIERABRECHNUNG SPARPLAN'])
const INCOME_TITLES = new Set(['DIVIDENDE', 'AUSSCHÜTTUNG'])
const TAX_TITLE = 'VORABPAUSCHALE'
/** Titles of its documents that are not read: reversals, statements, corporate actions. */
const OTHER_TITLE =
  /^(STORNO .+|KONTOAUSZUG|KONTOÜBERSICHT|SPLIT|FUSION|.*KAPITAL.+|ZINSABRECHNUNG|STEUERABRECHNUNG|DEPOTAUSZUG|SECURITIES SETTLEMENT|DIVIDEND|.+ ABRECHNUNG)$/

const NUM = '[+-]?\\d[\\d.,]*'
const CCY = '[A-Z]{3}'
const UNIT = '(?:Stk\\.|Stücke|Stück)'
const ISIN = /^(?:ISIN: ?)?([A-Z]{2}[A-Z0-9]{9}\d)$/
const DATE = '(\\d{2}\\.\\d{2}\\.\\d{4}|\\d{4}-\\d{2}-\\d{2})'

export function detectTradeRepublic(lines: readonly string[]): boolean {
  return lines.some((line) => line.toUpperCase().startsWith('TRADE REPUBLIC BANK GMBH'))
}

interface Position {
  name: string
  quantity: string
  price: string
  priceCurrency: string
  amount: string
  currency: string
  isin: string
}

/** A document's lines and its numbers, read once. */
class Document {
  readonly numbers: PdfNumbers
  constructor(readonly lines: readonly string[]) {
    this.numbers = PdfNumbers.of(lines, ',')
  }

  indexOf(test: (line: string) => boolean, from = 0): number {
    for (let index = from; index < this.lines.length; index += 1) {
      if (test(this.lines[index] ?? '')) return index
    }
    return -1
  }

  match(pattern: RegExp, what: string): RegExpExecArray {
    for (const line of this.lines) {
      const found = pattern.exec(line)
      if (found) return found
    }
    return incomplete(what)
  }

  /**
   * The position below its column header: name, quantity, price and amount on one line, or
   * split over two in the newer layout (amount beside the name, or wrapped below the price).
   */
  position(header: RegExp, withPrice: boolean): Position {
    const at = this.indexOf((line) => header.test(line))
    if (at < 0) incomplete(header.source)
    const first = this.lines[at + 1] ?? ''
    const second = this.lines[at + 2] ?? ''
    const read = this.numbers.read.bind(this.numbers)
    const isinAt = this.indexOf((line) => ISIN.test(line), at + 1)
    const isin =
      isinAt > 0 && isinAt <= at + 4 ? (ISIN.exec(this.lines[isinAt] ?? '')?.[1] ?? '') : ''
    if (!isin) incomplete(first)
    if (!withPrice) {
      const found = new RegExp(`^(.+) (${NUM}) ${UNIT}$`).exec(first)
      if (!found) return incomplete(first)
      const [, name = '', quantity = ''] = found
      return {
        name,
        quantity: read(quantity),
        price: '',
        priceCurrency: '',
        amount: '',
        currency: '',
        isin,
      }
    }
    const whole = new RegExp(`^(.+) (${NUM}) ${UNIT} (${NUM}) (${CCY}) (${NUM}) (${CCY})$`).exec(
      first,
    )
    const amountFirst = [
      new RegExp(`^(.+) (${NUM}) (${CCY})$`).exec(first),
      new RegExp(`^(${NUM}) ${UNIT} (${NUM}) (${CCY})$`).exec(second),
    ] as const
    const amountBelow = [
      new RegExp(`^(.+) (${NUM}) ${UNIT} (${NUM}) (${CCY})$`).exec(first),
      new RegExp(`^(${NUM}) (${CCY})$`).exec(second),
    ] as const
    let parts: string[]
    if (whole) parts = whole.slice(1)
    else if (amountFirst[0] && amountFirst[1]) {
      const [, name = '', amount = '', currency = ''] = amountFirst[0]
      const [, quantity = '', price = '', priceCurrency = ''] = amountFirst[1]
      parts = [name, quantity, price, priceCurrency, amount, currency]
    } else if (amountBelow[0] && amountBelow[1]) {
      parts = [...amountBelow[0].slice(1), ...amountBelow[1].slice(1)]
    } else return incomplete(first)
    const [name = '', quantity = '', price = '', priceCurrency = '', amount = '', currency = ''] =
      parts
    return {
      name,
      quantity: read(quantity),
      price: read(price),
      priceCurrency,
      amount: read(amount),
      currency,
      isin,
    }
  }

  /** The `ABRECHNUNG` block's items (signed as they move cash) and its closing total. */
  settlement(): { items: Item[]; total: string | null } {
    const start = this.indexOf((line) => line === 'ABRECHNUNG')
    if (start < 0) return { items: [], total: null }
    const end = this.indexOf((line) => line === 'BUCHUNG', start)
    const items: Item[] = []
    let total: string | null = null
    for (const line of this.lines.slice(start + 1, end < 0 ? undefined : end)) {
      if (line.startsWith('POSITION')) continue
      const found = new RegExp(
        `^(?:(.+?) )?(?:(${NUM}) (${CCY})/(${CCY}) )?(${NUM}) (${CCY})$`,
      ).exec(line)
      if (!found) continue
      const [, label = '', rate, over, under, amount = '', currency = ''] = found
      const value = this.numbers.read(amount)
      if (label === '' || label === 'GESAMT') total = value
      else
        items.push({
          label,
          value,
          currency,
          line,
          rate: rate
            ? { value: this.numbers.read(rate), over: over ?? '', under: under ?? '' }
            : null,
        })
    }
    return { items, total }
  }

  /** The booking: the date the cash moved and the net amount, signed. */
  booking(): { date: string; net: string; currency: string } {
    const at = this.indexOf((line) => line.startsWith('VERRECHNUNGSKONTO'))
    const found = new RegExp(`${DATE} (${NUM}) (${CCY})$`).exec(this.lines[at + 1] ?? '')
    if (at < 0 || !found) return incomplete('BUCHUNG')
    const [, date = '', net = '', currency = ''] = found
    return { date: isoDate(date), net: this.numbers.read(net), currency }
  }
}

interface Item {
  label: string
  value: string
  currency: string
  line: string
  rate: { value: string; over: string; under: string } | null
}

const FEE = /Fremdkosten|Gebühr|Kosten|External cost/i
const TAX = /steuer|Solidarit|Kirchen/i

function reference(document: Document): string {
  const found = document.lines
    .map((line) => /\b(ORDER|AUSFÜHRUNG|SPARPLAN) ([0-9a-f]{4}-[0-9a-f]{4})\b/.exec(line))
    .find((match) => match !== null)
  return found ? ` ${found[1]} ${found[2]}` : ''
}

function charges(items: readonly Item[], kind: RegExp): string {
  return magnitudeOfCharge(
    addDecimals('0', ...items.filter((item) => kind.test(item.label)).map((item) => item.value)),
  )
}

/** Charges are negative; a positive sum is money back. */
function magnitudeOfCharge(sum: string): string {
  if (!sum.startsWith('-') && /[1-9]/.test(sum)) throw new PdfReadError('pdf_tax_refund', sum)
  return magnitude(sum)
}

function trade(document: Document, title: string): PdfRow[] {
  const order = document.match(
    new RegExp(`(?:(Kauf|Verkauf) am|(Sparplanausführung) am) ${DATE}`),
    'Kauf/Verkauf am',
  )
  const side = order[1] === 'Verkauf' ? 'SELL' : 'BUY'
  const position = document.position(
    /^POSITION ANZAHL (?:PREIS|KURS|DURCHSCHNITTSKURS) BETRAG$/,
    true,
  )
  const { items } = document.settlement()
  const unknown = items.find((item) => !FEE.test(item.label) && !TAX.test(item.label))
  if (unknown) incomplete(unknown.line)
  const booking = document.booking()
  if (position.currency !== booking.currency || position.priceCurrency !== booking.currency) {
    incomplete(`${position.amount} ${position.currency}`)
  }
  const fee = charges(items, FEE)
  const taxes = addDecimals(
    '0',
    ...items.filter((item) => TAX.test(item.label)).map((item) => item.value),
  )
  // Charged with a minus; a plus is tax given back (a sale at a loss).
  const refunded = !taxes.startsWith('-') && /[1-9]/.test(taxes)
  const gross = side === 'BUY' ? `-${position.amount}` : position.amount
  const expected = addDecimals(gross, ...items.map((item) => item.value))
  if (!near(expected, booking.net, '0')) incomplete(`${booking.net} ${booking.currency}`)
  const row: PdfRow = {
    date: isoDate(order[3] ?? ''),
    type: side,
    isin: position.isin,
    code: null,
    name: position.name,
    quantity: position.quantity,
    price: position.price,
    amount: position.amount,
    fee,
    tax: magnitude(taxes),
    currency: booking.currency,
    note: `Trade Republic ${title}${reference(document)}`,
  }
  return refunded ? withTaxRefund(row, taxes) : [row]
}

/**
 * A dividend booked in the account's currency: a foreign gross and the taxes withheld abroad
 * are converted at the document's rate (foreign units per account unit), to cents as it does.
 */
function income(document: Document, title: string): PdfRow {
  const position = document.position(/^POSITION ANZAHL (?:ERTRÄGNIS|ERTRAG) BETRAG$/, true)
  const { items } = document.settlement()
  const booking = document.booking()
  const converted = items.find((item) => item.rate !== null)?.rate ?? null
  const foreign = position.currency !== booking.currency
  if (foreign && converted === null) incomplete(`${position.amount} ${position.currency}`)
  const inBooking = (value: string, currency: string) =>
    currency === booking.currency ? value : toCents(value, converted?.value ?? '1')
  const gross = inBooking(position.amount, position.currency)
  const taxes = items.filter((item) => !item.label.startsWith('Zwischensumme'))
  const unknown = taxes.find((item) => !TAX.test(item.label))
  if (unknown) incomplete(unknown.line)
  const taxSum = addDecimals('0', ...taxes.map((item) => inBooking(item.value, item.currency)))
  // Each conversion rounds to a cent on its own: the net may differ by a cent per converted item.
  const tolerance = foreign ? '0.02' : '0'
  if (!near(addDecimals(gross, taxSum), booking.net, tolerance)) {
    incomplete(`${booking.net} ${booking.currency}`)
  }
  const tax = subtractDecimals(gross, booking.net)
  if (tax.startsWith('-')) throw new PdfReadError('pdf_tax_refund', tax)
  const exDate = /Ex-(?:Tag|Datum) ?(\d{2}\.\d{2}\.\d{4})/.exec(document.lines.join('\n'))?.[1]
  return {
    date: booking.date,
    type: 'DIVIDEND',
    isin: position.isin,
    code: null,
    name: position.name,
    quantity: null,
    price: null,
    amount: gross,
    fee: '0',
    tax,
    currency: booking.currency,
    note: `Trade Republic ${title}${exDate ? ` Ex-Tag ${exDate}` : ''}`,
  }
}

function advanceTax(document: Document): PdfRow[] {
  const position = document.position(/^POSITION ANZAHL$/, false)
  const { items } = document.settlement()
  const booking = document.booking()
  const sum = addDecimals('0', ...items.map((item) => item.value))
  if (!near(sum, booking.net, '0')) incomplete(`${booking.net} ${booking.currency}`)
  const tax = magnitudeOfCharge(booking.net)
  // Covered by the allowance: the document moves no money and is no transaction.
  if (!/[1-9]/.test(tax)) return []
  return [
    {
      date: booking.date,
      type: 'TAX',
      isin: position.isin,
      code: null,
      name: position.name,
      quantity: null,
      price: null,
      amount: tax,
      fee: '0',
      tax: '0',
      currency: booking.currency,
      note: `Trade Republic ${TAX_TITLE} ${position.quantity} Stk.`,
    },
  ]
}

/** The title is the first line that names the kind of document, below the address block. */
function titleOf(lines: readonly string[]): string | null {
  return (
    lines.find(
      (line) =>
        TRADE_TITLES.has(line) ||
        INCOME_TITLES.has(line) ||
        line === TAX_TITLE ||
        OTHER_TITLE.test(line),
    ) ?? null
  )
}

export function parseTradeRepublic(lines: readonly string[]): PdfParse {
  return parseWith(() => {
    const title = titleOf(lines)
    const document = new Document(lines)
    if (title !== null && TRADE_TITLES.has(title)) return trade(document, title)
    if (title !== null && INCOME_TITLES.has(title)) return [income(document, title)]
    if (title === TAX_TITLE) return advanceTax(document)
    throw new PdfReadError('pdf_unsupported', title ?? 'TRADE REPUBLIC')
  })
}
