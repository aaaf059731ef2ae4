import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Transaction } from '../../shared/api/schemas/transaction'
import { INSTRUMENT_TYPES } from '../../shared/portfolio/portfolio-kinds'
import { analyzePortfolio } from './'
import type { TransactionInput } from './'
import { trimDecimal } from '../../shared/import/decimal-text'
import {
  draftOf,
  importFile,
  storedInstrument,
  storedTransaction,
} from '../../shared/import/import-fixture'
import type { DraftRow } from '../../shared/import/map-rows'
import { writeKiymetCsv } from '../../shared/import/write-csv'

/**
 * The export → import round trip: any portfolio the engine takes, written as this app's CSV and
 * read back with the `kiymet` preset, gives the same transactions field by field and the same
 * report.
 */

const BASE = 'TRY'

/** A positive decimal as the API stores it: up to 8 places, no trailing zeros. */
const decimal = fc
  .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
  .map(([units, scale]) => {
    const digits = units.toString().padStart(scale + 1, '0')
    const point = digits.length - scale
    return trimDecimal(scale === 0 ? digits : `${digits.slice(0, point)}.${digits.slice(point)}`)
  })
const fee = fc.option(decimal, { nil: '0' })

/** Texts a spreadsheet could run, and letters of the three languages, trimmed as stored. */
const text = fc
  .tuple(
    fc.constantFrom('', '=', '+', '-', '@', "'", "''", '=1+2', '-5 % ', 'İ', 'ğ'),
    fc.string({
      unit: fc.constantFrom(
        'a',
        'Z',
        'ş',
        'ı',
        'İ',
        'ü',
        'ß',
        '€',
        ',',
        ';',
        '"',
        "'",
        '\n',
        ' ',
        '=',
        '1',
        '.',
      ),
      maxLength: 30,
    }),
  )
  .map(([prefix, rest]) => (prefix + rest).trim())
const note = text.map((value) => (value === '' ? null : value))
const name = text.map((value) => value || 'Name')

const ISINS = ['TRATHYAO91M5', 'DE0007164600', 'US0378331005', 'IE00B4L5Y983', null]

const instrument = fc
  .record({
    code: fc.stringMatching(/^[A-Z][A-Z0-9.]{0,7}$/),
    name,
    type: fc.constantFrom(...INSTRUMENT_TYPES),
    currency: fc.constantFrom('TRY', 'USD', 'EUR'),
    isin: fc.constantFrom(...ISINS),
    exchange: fc.constantFrom('BIST', 'XETRA', null),
  })
  .map((fields) => storedInstrument(fields))

const fxRate = (currency: string) => (currency === BASE ? fc.constant(null) : decimal)

/** One instrument's history, in order: a buy, then maybe income, a split, a sale or a transfer. */
const history = instrument.chain((stock) =>
  fc
    .record({
      quantity: decimal,
      price: decimal,
      fee,
      tax: fee,
      fxRate: fxRate(stock.currency),
      buyNote: note,
      transferIn: fc.boolean(),
      dividend: fc.option(fc.record({ amount: decimal, tax: fee, note })),
      split: fc.option(fc.constantFrom('2:1', '1:10', '3', '1.5:1')),
      sale: fc.option(
        fc.record({
          price: decimal,
          fee,
          out: fc.boolean(),
          note,
        }),
      ),
    })
    .map((plan) => ({ stock, plan })),
)

const cash = fc.record({
  type: fc.constantFrom('DEPOSIT', 'WITHDRAWAL', 'INTEREST', 'FEE', 'TAX', 'EXCHANGE'),
  amount: decimal,
  /** An exchange's dollars received. */
  received: decimal,
  fee,
  tax: fee,
  note,
})

type History = typeof history extends fc.Arbitrary<infer Value> ? Value : never
type Cash = typeof cash extends fc.Arbitrary<infer Value> ? Value : never

/** Each instrument's steps on days of their own, so its order holds whatever the others do. */
function transactionsOf(histories: History[], cashRows: Cash[]): Transaction[] {
  const transactions: Transaction[] = []
  let days = 0
  const next = () => new Date(Date.UTC(2020, 0, 1 + days++)).toISOString().slice(0, 10)
  for (const { stock, plan } of histories) {
    const money = { currency: stock.currency, fxRate: plan.fxRate }
    const start = next()
    transactions.push(
      storedTransaction({
        type: plan.transferIn ? 'TRANSFER_IN' : 'BUY',
        tradeDate: start,
        instrument: stock,
        ...money,
        quantity: plan.quantity,
        unitPrice: plan.price,
        fee: plan.fee,
        tax: plan.tax,
        acquiredDate: plan.transferIn ? '2019-06-03' : null,
        acquisitionFxRate: plan.transferIn ? plan.fxRate : null,
        note: plan.buyNote,
      }),
    )
    if (plan.dividend) {
      transactions.push(
        storedTransaction({
          type: 'DIVIDEND',
          tradeDate: next(),
          instrument: stock,
          ...money,
          amount: plan.dividend.amount,
          tax: plan.dividend.tax,
          note: plan.dividend.note,
        }),
      )
    }
    if (plan.split) {
      transactions.push(
        storedTransaction({
          type: 'SPLIT',
          tradeDate: next(),
          instrument: stock,
          currency: stock.currency,
          splitRatio: plan.split,
        }),
      )
    }
    // A 1:10 split of fewer than ten whole units leaves none: the engine keeps a position of whole
    // units whole and pays the fraction out as cash in lieu.
    const soldOut =
      plan.split === '1:10' && !plan.quantity.includes('.') && plan.quantity.length < 2
    if (plan.sale && !soldOut) {
      // Never more than is held: after 1:10 the sale takes a hundredth of the units bought, or less,
      // which a whole position of ten or more units (a tenth, floored) still covers.
      const quantity = trimDecimal(
        plan.split === '1:10' ? `0.0${plan.quantity.replace('.', '')}` : plan.quantity,
      )
      transactions.push(
        storedTransaction({
          type: plan.sale.out ? 'TRANSFER_OUT' : 'SELL',
          tradeDate: next(),
          instrument: stock,
          ...money,
          quantity,
          unitPrice: plan.sale.out ? null : plan.sale.price,
          fee: plan.sale.out ? '0' : plan.sale.fee,
          note: plan.sale.note,
        }),
      )
    }
  }
  for (const { received, ...row } of cashRows) {
    const exchange = row.type === 'EXCHANGE'
    transactions.push(
      storedTransaction({
        tradeDate: next(),
        currency: BASE,
        ...row,
        toCurrency: exchange ? 'USD' : null,
        toAmount: exchange ? received : null,
      }),
    )
  }
  return transactions
}

/** A stored transaction as this app's export reads back: at face value, nothing derived or left out. */
function expectedRow(transaction: Transaction) {
  return { ...draftOf(transaction), problems: [], notices: [], leftOut: null }
}

/** Rows read back from the file, as the engine takes them. */
function importedInput(rows: Pick<DraftRow, 'transaction' | 'instrument'>[]): TransactionInput[] {
  return rows.map(({ transaction, instrument }, index) => ({
    ...transaction,
    id: `t${index}`,
    sequence: index,
    type: transaction.type ?? '',
    tradeDate: transaction.tradeDate ?? '',
    instrumentCode: instrument?.code ?? null,
  }))
}

/** The stored transactions themselves, as the engine takes them, with no import in between. */
function storedInput(transactions: Transaction[]): TransactionInput[] {
  return transactions.map(({ instrument, ...transaction }, index) => ({
    ...transaction,
    id: `t${index}`,
    sequence: index,
    instrumentCode: instrument?.code ?? null,
  }))
}

function report(transactions: TransactionInput[]) {
  return analyzePortfolio(
    {
      portfolio: { baseCurrency: BASE, costBasisMethod: 'FIFO', recordsCash: true },
      transactions,
    },
    { asOf: '2030-12-31' },
  )
}

describe('export → import round trip', () => {
  it('gives back every transaction field by field, and the same report', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(history, { maxLength: 4, selector: ({ stock }) => stock.code }),
        fc.array(cash, { maxLength: 4 }),
        (histories, cashRows) => {
          const transactions = transactionsOf(histories, cashRows)
          fc.pre(transactions.length > 0)
          const imported = importFile(writeKiymetCsv(transactions))
          expect(imported.preset).toBe('kiymet')
          expect(imported.rows.map(({ row: _, ...rest }) => rest)).toEqual(
            transactions.map(expectedRow),
          )
          const before = report(storedInput(transactions))
          expect(before.ok).toBe(true)
          expect(report(importedInput(imported.rows))).toEqual(before)
        },
      ),
      // Fixed so CI is repeatable; this seed once found the 1:10 split the generator got wrong.
      // Fixed so CI is repeatable; this seed once found the 1:10 split the generator got wrong.
      { numRuns: 60, seed: 1129907408 },
    )
  })
})
