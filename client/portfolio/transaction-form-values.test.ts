import { describe, expect, it } from 'vitest'
import type { Transaction } from '../api/schemas/transaction'
import {
  formFieldOf,
  initialFormValues,
  localToday,
  transactionFormSchema,
  transactionTypesFor,
  visibleFields,
  type TransactionFormValues,
} from './transaction-form-values'

const INSTRUMENT_ID = '5b0f5f6e-9a4e-4d43-8f59-0c7b7b1f2a10'

function values(patch: Partial<TransactionFormValues>): TransactionFormValues {
  return {
    ...initialFormValues({
      locale: 'de',
      baseCurrency: 'EUR',
      today: '2026-03-02',
      types: ['BUY'],
    }),
    ...patch,
  }
}

function issuesOf(result: ReturnType<ReturnType<typeof transactionFormSchema>['safeParse']>) {
  if (result.success) return {}
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
  )
}

describe('visibleFields', () => {
  it('shows what a purchase needs, and the FX rate only for a foreign currency', () => {
    expect([...visibleFields('BUY', false)].sort()).toEqual(
      ['amount', 'currency', 'fee', 'instrumentId', 'quantity', 'tax', 'unitPrice']
        .filter((field) => field !== 'amount')
        .sort(),
    )
    expect(visibleFields('BUY', true).has('fxRate')).toBe(true)
    expect(visibleFields('BUY', true).has('acquisitionFxRate')).toBe(false)
  })

  it('shows the acquisition date and rate for a transfer in, nothing of money for a split', () => {
    expect(visibleFields('TRANSFER_IN', true)).toEqual(
      new Set([
        'currency',
        'instrumentId',
        'quantity',
        'unitPrice',
        'acquiredDate',
        'fee',
        'tax',
        'fxRate',
        'acquisitionFxRate',
      ]),
    )
    expect(visibleFields('SPLIT', false)).toEqual(
      new Set(['currency', 'instrumentId', 'amount', 'splitRatio']),
    )
    expect(visibleFields('DEPOSIT', false).has('instrumentId')).toBe(false)
    expect(visibleFields('TRANSFER_OUT', false).has('unitPrice')).toBe(false)
  })
})

describe('transactionTypesFor', () => {
  it('offers deposits and withdrawals only where the portfolio records cash', () => {
    expect(transactionTypesFor({ recordsCash: false })).not.toContain('DEPOSIT')
    expect(transactionTypesFor({ recordsCash: false })).toHaveLength(9)
    expect(transactionTypesFor({ recordsCash: true })).toContain('WITHDRAWAL')
  })
})

describe('transactionFormSchema', () => {
  const schema = transactionFormSchema('de', 'EUR')

  it('turns a purchase typed the German way into what the API takes', () => {
    const result = schema.safeParse(
      values({
        instrumentId: INSTRUMENT_ID,
        currency: 'usd',
        fxRate: '0,9234',
        quantity: '1.000',
        unitPrice: '12,5',
        fee: '4,90',
        amount: '99',
        note: '  ',
      }),
    )
    expect(result.success && result.data).toEqual({
      type: 'BUY',
      tradeDate: '2026-03-02',
      instrumentId: INSTRUMENT_ID,
      currency: 'USD',
      fxRate: '0.9234',
      quantity: '1000',
      unitPrice: '12.5',
      amount: null,
      fee: '4.90',
      tax: null,
      splitRatio: null,
      acquiredDate: null,
      acquisitionFxRate: null,
      note: null,
    })
  })

  it('reports every problem at once: unreadable numbers and missing fields', () => {
    const result = schema.safeParse(values({ quantity: '1,2,3', unitPrice: '12.5' }))
    expect(issuesOf(result)).toEqual({
      quantity: 'number.malformed',
      unitPrice: 'number.ambiguous',
      instrumentId: 'required',
    })
  })

  it('applies the API rules to readable numbers', () => {
    const bought = values({ instrumentId: INSTRUMENT_ID, quantity: '0', unitPrice: '1' })
    expect(issuesOf(schema.safeParse(bought))).toEqual({ quantity: 'positive' })
    expect(issuesOf(schema.safeParse({ ...bought, unitPrice: '-1' }))).toEqual({
      unitPrice: 'number.negative',
    })
  })

  it('ignores what a type hides, such as the price typed before switching to a dividend', () => {
    const result = schema.safeParse(
      values({
        type: 'DIVIDEND',
        instrumentId: INSTRUMENT_ID,
        quantity: '10',
        unitPrice: 'abc',
        amount: '12,34',
        tax: '1,85',
        fxRate: '1,1',
      }),
    )
    expect(result.success && result.data).toMatchObject({
      quantity: null,
      unitPrice: null,
      amount: '12.34',
      tax: '1.85',
      fxRate: null,
    })
  })

  it('reads a split ratio with decimals in the locale format', () => {
    const split = values({ type: 'SPLIT', instrumentId: INSTRUMENT_ID, splitRatio: '1,5:1' })
    expect(schema.safeParse(split).data?.splitRatio).toBe('1.5:1')
    expect(issuesOf(schema.safeParse({ ...split, splitRatio: '2:1:1' }))).toEqual({
      splitRatio: 'split_ratio',
    })
    expect(issuesOf(schema.safeParse({ ...split, splitRatio: '0:1' }))).toEqual({
      splitRatio: 'split_ratio',
    })
  })

  it('wants the acquisition date of a transfer in, not after the transfer', () => {
    const transfer = values({
      type: 'TRANSFER_IN',
      instrumentId: INSTRUMENT_ID,
      quantity: '5',
      unitPrice: '100',
    })
    expect(issuesOf(schema.safeParse(transfer))).toEqual({ acquiredDate: 'required' })
    expect(issuesOf(schema.safeParse({ ...transfer, acquiredDate: '2026-04-01' }))).toEqual({
      acquiredDate: 'after_trade_date',
    })
  })

  it('refuses a trade date outside 1900–2099, such as 0224 typed for 2024', () => {
    const buy = values({
      type: 'BUY',
      instrumentId: INSTRUMENT_ID,
      quantity: '5',
      unitPrice: '100',
    })
    expect(issuesOf(schema.safeParse({ ...buy, tradeDate: '0224-03-02' }))).toEqual({
      tradeDate: 'date_range',
    })
    expect(issuesOf(schema.safeParse({ ...buy, tradeDate: '1900-01-01' }))).toEqual({})
  })

  it('takes a deposit without an instrument in the base currency', () => {
    const result = transactionFormSchema('en', 'TRY').safeParse({
      ...values({ type: 'DEPOSIT', amount: '25,000.00', currency: 'TRY' }),
      instrumentId: INSTRUMENT_ID,
    })
    expect(result.success && result.data).toMatchObject({
      amount: '25000.00',
      instrumentId: null,
      currency: 'TRY',
    })
  })
})

describe('initialFormValues', () => {
  it('starts with today and the base currency', () => {
    const start = initialFormValues({
      locale: 'tr',
      baseCurrency: 'TRY',
      today: '2026-01-31',
      types: ['BUY', 'SELL'],
    })
    expect(start).toMatchObject({ type: 'BUY', tradeDate: '2026-01-31', currency: 'TRY' })
  })

  it('writes a saved transaction back in the locale format', () => {
    const saved = {
      type: 'SPLIT',
      tradeDate: '2025-06-10',
      instrument: { id: INSTRUMENT_ID },
      currency: 'USD',
      fxRate: '32.1234',
      quantity: null,
      unitPrice: null,
      amount: '1234.5',
      fee: '0',
      tax: '0.00',
      splitRatio: '1.5:1',
      acquiredDate: null,
      acquisitionFxRate: null,
      note: 'reverse',
    } as unknown as Transaction
    expect(
      initialFormValues({
        locale: 'de',
        baseCurrency: 'TRY',
        today: '2026-01-31',
        types: [],
        initial: saved,
      }),
    ).toMatchObject({
      type: 'SPLIT',
      instrumentId: INSTRUMENT_ID,
      fxRate: '32,1234',
      amount: '1.234,5',
      fee: '',
      tax: '',
      splitRatio: '1,5:1',
      note: 'reverse',
    })
  })
})

describe('formFieldOf', () => {
  it('finds the form field of an API error path', () => {
    expect(formFieldOf('transaction.quantity')).toBe('quantity')
    expect(formFieldOf('tradeDate')).toBe('tradeDate')
    expect(formFieldOf('idempotencyKey')).toBeNull()
  })
})

describe('localToday', () => {
  it('is the calendar date of the local clock', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
  })
})
