import { describe, expect, it } from 'vitest'
import type { Transaction } from '../../shared/api/schemas/transaction'
import {
  asksFxRate,
  formFieldOf,
  initialFormValues,
  transactionFormSchema,
  transactionTypesFor,
  visibleFields,
  type TransactionFormValues,
} from './transaction-form-values'

const INSTRUMENT_ID = '5b0f5f6e-9a4e-4d43-8f59-0c7b7b1f2a10'

function values(patch: Partial<TransactionFormValues>): TransactionFormValues {
  return {
    ...initialFormValues({
      locale: 'de-DE',
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
  it('shows an exchange the amount given and the currency and amount received', () => {
    expect([...visibleFields('EXCHANGE', false)].sort()).toEqual(
      ['amount', 'currency', 'fee', 'tax', 'toAmount', 'toCurrency'].sort(),
    )
  })

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

describe('bonus and rights issues', () => {
  it('asks a bonus issue only for the units received, a rights issue what a purchase needs', () => {
    expect(visibleFields('BONUS_ISSUE', false)).toEqual(
      new Set(['currency', 'instrumentId', 'quantity']),
    )
    expect(asksFxRate('BONUS_ISSUE', 'USD', '', 'TRY')).toBe(false)
    expect(visibleFields('RIGHTS_ISSUE', true)).toEqual(
      new Set(['currency', 'instrumentId', 'quantity', 'unitPrice', 'fee', 'tax', 'fxRate']),
    )
    expect(asksFxRate('RIGHTS_ISSUE', 'USD', '', 'TRY')).toBe(true)
  })

  it('wants the subscription price of a rights issue, and refuses no units received', () => {
    const schema = transactionFormSchema('de-DE', 'EUR', '2026-03-02')
    const rights = values({ type: 'RIGHTS_ISSUE', instrumentId: INSTRUMENT_ID, quantity: '10' })
    expect(issuesOf(schema.safeParse(rights))).toEqual({ unitPrice: 'required' })
    const bonus = values({ type: 'BONUS_ISSUE', instrumentId: INSTRUMENT_ID, quantity: '0' })
    expect(issuesOf(schema.safeParse(bonus))).toEqual({ quantity: 'positive' })
    expect(schema.safeParse({ ...bonus, quantity: '1.000,5', unitPrice: '12' }).data).toMatchObject(
      { type: 'BONUS_ISSUE', quantity: '1000.5', unitPrice: null },
    )
  })
})

describe('transactionTypesFor', () => {
  it('offers deposits, withdrawals and exchanges only where the portfolio records cash', () => {
    expect(transactionTypesFor({ recordsCash: false })).not.toContain('DEPOSIT')
    expect(transactionTypesFor({ recordsCash: false })).not.toContain('EXCHANGE')
    expect(transactionTypesFor({ recordsCash: false })).toHaveLength(13)
    expect(transactionTypesFor({ recordsCash: true })).toContain('WITHDRAWAL')
    expect(transactionTypesFor({ recordsCash: true })).toContain('EXCHANGE')
  })
})

describe('transactionFormSchema', () => {
  const schema = transactionFormSchema('de-DE', 'EUR', '2026-03-02')

  it('turns an exchange typed the German way into what the API takes', () => {
    const result = schema.safeParse(
      values({
        type: 'EXCHANGE',
        amount: '1.000,50',
        fee: '2',
        toCurrency: 'usd',
        toAmount: '1.085,25',
        // Hidden for an exchange: never sent.
        quantity: '5',
      }),
    )
    expect(result.success && result.data).toMatchObject({
      type: 'EXCHANGE',
      currency: 'EUR',
      amount: '1000.50',
      fee: '2',
      toCurrency: 'USD',
      toAmount: '1085.25',
      quantity: null,
    })
    // Dollars into euros, the base: the exchange brings its own rate, none is asked or sent.
    const intoBase = schema.safeParse(
      values({
        type: 'EXCHANGE',
        currency: 'USD',
        fxRate: '0,9',
        amount: '100',
        toCurrency: 'EUR',
        toAmount: '92',
      }),
    )
    expect(intoBase.success && intoBase.data).toMatchObject({ currency: 'USD', fxRate: null })
    const same = schema.safeParse(
      values({ type: 'EXCHANGE', amount: '10', toCurrency: 'EUR', toAmount: '10' }),
    )
    expect(issuesOf(same)).toEqual({ toCurrency: 'same_currency' })
  })

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
      toCurrency: null,
      toAmount: null,
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
    expect(issuesOf(schema.safeParse({ ...transfer, acquiredDate: '01.04.2026' }))).toEqual({
      acquiredDate: 'after_trade_date',
    })
    const result = schema.safeParse({ ...transfer, acquiredDate: '5.1.25' })
    expect(result.success && result.data.acquiredDate).toBe('2025-01-05')
    expect(issuesOf(schema.safeParse({ ...transfer, acquiredDate: '31.02.2025' }))).toEqual({
      acquiredDate: 'date.impossible',
    })
  })

  describe('the trade date', () => {
    const buy = values({
      type: 'BUY',
      instrumentId: INSTRUMENT_ID,
      quantity: '5',
      unitPrice: '100',
    })
    const tradeDateOf = (tradeDate: string) => {
      const result = schema.safeParse({ ...buy, tradeDate })
      return result.success ? result.data.tradeDate : issuesOf(result)
    }

    it('is read the German way, or as ISO, and sent as ISO', () => {
      expect(tradeDateOf('02.03.2026')).toBe('2026-03-02')
      expect(tradeDateOf(' 1.3.26 ')).toBe('2026-03-01')
      expect(tradeDateOf('2026-02-28')).toBe('2026-02-28')
      expect(tradeDateOf('01.01.1900')).toBe('1900-01-01')
    })

    it('is required, readable, one day only, and not after today', () => {
      expect(tradeDateOf('')).toEqual({ tradeDate: 'required' })
      expect(tradeDateOf('2.3')).toEqual({ tradeDate: 'date.malformed' })
      expect(tradeDateOf('01/02/2026')).toEqual({ tradeDate: 'date.ambiguous' })
      expect(tradeDateOf('30.02.2026')).toEqual({ tradeDate: 'date.impossible' })
      expect(tradeDateOf('03.03.2026')).toEqual({ tradeDate: 'date.future' })
    })

    it('refuses a year outside 1900–2099, such as 0224 typed for 2024', () => {
      expect(tradeDateOf('02.03.0224')).toEqual({ tradeDate: 'date.date_range' })
    })
  })

  it('takes a deposit without an instrument in the base currency', () => {
    const result = transactionFormSchema('en-US', 'TRY', '2026-03-02').safeParse({
      ...values({ type: 'DEPOSIT', tradeDate: '03/02/2026', amount: '25,000.00', currency: 'TRY' }),
      instrumentId: INSTRUMENT_ID,
    })
    expect(result.success && result.data).toMatchObject({
      tradeDate: '2026-03-02',
      amount: '25000.00',
      instrumentId: null,
      currency: 'TRY',
    })
  })
})

describe('initialFormValues', () => {
  it('starts with today, in the locale format, and the base currency', () => {
    const start = initialFormValues({
      locale: 'tr-TR',
      baseCurrency: 'TRY',
      today: '2026-01-31',
      types: ['BUY', 'SELL'],
    })
    expect(start).toMatchObject({ type: 'BUY', tradeDate: '31.01.2026', currency: 'TRY' })
  })

  it('gives a saved price back with every decimal it has', () => {
    const saved = {
      type: 'BUY',
      tradeDate: '2026-01-05',
      instrument: { id: INSTRUMENT_ID },
      currency: 'TRY',
      fxRate: null,
      quantity: '10000',
      unitPrice: '0.812345',
      amount: null,
      fee: '1.50',
      tax: '0',
      splitRatio: null,
      acquiredDate: null,
      acquisitionFxRate: null,
      note: null,
    } as unknown as Transaction
    const options = { baseCurrency: 'TRY', today: '2026-01-31', types: [], initial: saved }
    expect(initialFormValues({ ...options, locale: 'tr-TR' })).toMatchObject({
      quantity: '10.000',
      unitPrice: '0,812345',
      fee: '1,50',
    })
    expect(initialFormValues({ ...options, locale: 'en-US' })).toMatchObject({
      unitPrice: '0.812345',
    })
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
        locale: 'de-DE',
        baseCurrency: 'TRY',
        today: '2026-01-31',
        types: [],
        initial: saved,
      }),
    ).toMatchObject({
      type: 'SPLIT',
      tradeDate: '10.06.2025',
      instrumentId: INSTRUMENT_ID,
      fxRate: '32,1234',
      amount: '1.234,5',
      fee: '',
      tax: '',
      splitRatio: '1,5:1',
      note: 'reverse',
    })
  })

  it('writes both dates of a saved transfer the English way', () => {
    const saved = {
      type: 'TRANSFER_IN',
      tradeDate: '2025-01-05',
      instrument: { id: INSTRUMENT_ID },
      currency: 'USD',
      fee: '0',
      tax: '0',
      acquiredDate: '2024-12-31',
    } as unknown as Transaction
    const start = initialFormValues({
      locale: 'en-US',
      baseCurrency: 'USD',
      today: '2026-01-31',
      types: [],
      initial: saved,
    })
    expect(start).toMatchObject({ tradeDate: '01/05/2025', acquiredDate: '12/31/2024' })
  })
})

describe('formFieldOf', () => {
  it('finds the form field of an API error path', () => {
    expect(formFieldOf('transaction.quantity')).toBe('quantity')
    expect(formFieldOf('tradeDate')).toBe('tradeDate')
    expect(formFieldOf('idempotencyKey')).toBeNull()
  })
})
