import type { TransactionType } from '../../../shared/portfolio/portfolio-kinds'

/**
 * What a broker's PDF parser gives: transactions as canonical text (ISO dates, `.` decimals,
 * magnitudes; the type says the direction), or the one reason the document cannot be read.
 */
export interface PdfRow {
  date: string
  type: TransactionType
  isin: string | null
  code: string | null
  name: string | null
  quantity: string | null
  price: string | null
  /** A trade's gross (quantity × price as the document rounds it); a cash row's gross amount. */
  amount: string | null
  fee: string
  tax: string
  currency: string
  /** The document's title and reference, so the user can find the paper again. */
  note: string
}

/**
 * `pdf_unsupported`: the broker's document, but of a kind not read (an account statement, a
 * reversal, a corporate action); `pdf_incomplete`: a kind that is read, missing a figure or
 * with figures that do not add up; `pdf_tax_refund`: a dividend or a tax notice giving tax
 * back, which no row of it can hold (a trade's refund is a row of its own, `withTaxRefund`).
 */
export type PdfProblem = 'pdf_unsupported' | 'pdf_incomplete' | 'pdf_tax_refund'

/**
 * A trade whose settlement gives tax back (a sale at a loss refunding tax paid before): the
 * trade without tax, and the refund as a row of its own on the same day and instrument, since a
 * transaction's tax is never negative.
 */
export function withTaxRefund(trade: PdfRow, refunded: string): PdfRow[] {
  return [
    { ...trade, tax: '0' },
    {
      ...trade,
      type: 'TAX_REFUND',
      quantity: null,
      price: null,
      amount: refunded,
      fee: '0',
      tax: '0',
    },
  ]
}

/** A line the document lists that is no transaction, and why (`cancelled`, `currency_exchange`). */
export interface PdfLeftOut {
  line: string
  reason: 'cancelled' | 'currency_exchange'
}

export type PdfParse =
  | { ok: true; rows: PdfRow[]; leftOut: PdfLeftOut[] }
  /** `detail`: the line or the figure at fault, shown to the user as it is in the document. */
  | { ok: false; problem: PdfProblem; detail: string }

/** Thrown inside a parser where a figure is missing; `parseWith` turns it into the result. */
export class PdfReadError extends Error {
  constructor(
    readonly problem: PdfProblem,
    readonly detail: string,
  ) {
    super(`${problem}: ${detail}`)
  }
}

/** A parser's rows, or the problem it named; any other error is a bug and is not caught. */
export function parseWith(read: (leftOut: PdfLeftOut[]) => PdfRow[]): PdfParse {
  const leftOut: PdfLeftOut[] = []
  try {
    return { ok: true, rows: read(leftOut), leftOut }
  } catch (error) {
    if (error instanceof PdfReadError) {
      return { ok: false, problem: error.problem, detail: error.detail }
    }
    throw error
  }
}

export function incomplete(detail: string): never {
  throw new PdfReadError('pdf_incomplete', detail)
}
