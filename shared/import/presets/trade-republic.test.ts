import { describe, expect, it } from 'vitest'
import { fixture, given, importFile, tableOf } from '../import-fixture'
import { detectPreset, presetReadOptions } from '.'

const V1 = 'trade-republic-transactions-v1.csv'
const V2 = 'trade-republic-transactions-v2.csv'

const COLUMNS = [
  'datetime',
  'date',
  'account_type',
  'category',
  'type',
  'asset_class',
  'name',
  'symbol',
  'shares',
  'price',
  'amount',
  'fee',
  'tax',
  'currency',
  'original_amount',
  'original_currency',
  'fx_rate',
  'description',
  'transaction_id',
  'counterparty_name',
  'counterparty_iban',
  'payment_reference',
  'mcc_code',
] as const
type Column = (typeof COLUMNS)[number]

/** A newer (v2) export of the given rows: quoted, `,` separated, the cells not given empty. */
function exportOf(...rows: Partial<Record<Column, string>>[]) {
  const quoted = (cells: readonly string[]) => cells.map((cell) => `"${cell}"`).join(',')
  const lines = rows.map((row, index) =>
    quoted(
      COLUMNS.map((column) => {
        if (column === 'datetime') return `${row.date ?? '2025-03-03'}T10:00:00.000Z`
        if (column === 'transaction_id')
          return `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`
        return (
          row[column] ?? (column === 'currency' ? 'EUR' : column === 'date' ? '2025-03-03' : '')
        )
      }),
    ),
  )
  return importFile([quoted(COLUMNS), ...lines].join('\n'))
}

const APPLE = { asset_class: 'STOCK', name: 'Apple', symbol: 'US0378331005' } as const

function readSample(name: string) {
  const { decimalSeparator } = presetReadOptions('trade_republic')
  return importFile(fixture(name), { decimalSeparator })
}

describe('Trade Republic preset', () => {
  it('detects both header generations: `;` with value_date, quoted `,` with mcc_code', () => {
    const older = tableOf(fixture(V1))
    expect(older.separator).toBe(';')
    expect(older.headers).toContain('value_date')
    expect(detectPreset(older)).toBe('trade_republic')
    const newer = tableOf(fixture(V2))
    expect(newer.separator).toBe(',')
    expect(newer.headers).toContain('mcc_code')
    expect(detectPreset(newer)).toBe('trade_republic')
  })

  it('maps the booking day, the symbol as ISIN and leaves the exchange rate of the original amount out', () => {
    const { mapping } = readSample(V2)
    expect(mapping).toEqual({
      date: 'date',
      type: 'type',
      isin: 'symbol',
      name: 'name',
      instrumentType: 'asset_class',
      quantity: 'shares',
      price: 'price',
      amount: 'amount',
      fee: 'fee',
      tax: 'tax',
      currency: 'currency',
      note: 'description',
    })
  })

  it('reads every row of the older sample; a Vorabpauschale the allowance covered is left out', () => {
    const { rows } = readSample(V1)
    expect(rows.flatMap((row) => row.problems)).toEqual([])
    const eur = { currency: 'EUR' }
    const read = rows.map((row) => {
      const { note: _note, ...transaction } = given(row.transaction)
      return { transaction, isin: row.instrument?.isin ?? null, leftOut: row.leftOut }
    })
    expect(read).toEqual([
      {
        transaction: { type: 'DEPOSIT', tradeDate: '2024-03-01', ...eur, amount: '2000.000000' },
        isin: null,
        leftOut: null,
      },
      {
        transaction: {
          type: 'BUY',
          tradeDate: '2024-03-04',
          ...eur,
          quantity: '5.0000000000',
          unitPrice: '168.400000',
          fee: '1.00',
        },
        isin: 'DE0007164600',
        leftOut: null,
      },
      {
        transaction: {
          type: 'BUY',
          tradeDate: '2024-03-04',
          ...eur,
          quantity: '1.1502185415',
          unitPrice: '86.940000',
        },
        isin: 'IE00B4L5Y983',
        leftOut: null,
      },
      {
        transaction: {
          type: 'BUY',
          tradeDate: '2024-04-02',
          ...eur,
          quantity: '1.1220825853',
          unitPrice: '89.120000',
        },
        isin: 'IE00B4L5Y983',
        leftOut: null,
      },
      {
        transaction: {
          type: 'DIVIDEND',
          tradeDate: '2024-05-17',
          ...eur,
          amount: '11.000000',
          tax: '2.90',
        },
        isin: 'DE0007164600',
        leftOut: null,
      },
      {
        transaction: {
          type: 'INTEREST',
          tradeDate: '2024-06-01',
          ...eur,
          amount: '4.120000',
          tax: '1.09',
        },
        isin: null,
        leftOut: null,
      },
      {
        transaction: {
          type: 'SELL',
          tradeDate: '2024-07-10',
          ...eur,
          quantity: '2.0000000000',
          unitPrice: '185.200000',
          fee: '1.00',
          tax: '8.49',
        },
        isin: 'DE0007164600',
        leftOut: null,
      },
      {
        transaction: { type: 'WITHDRAWAL', tradeDate: '2024-08-01', ...eur, amount: '300.000000' },
        isin: null,
        leftOut: null,
      },
      {
        // A card top-up: 201.50 charged to the card, 1.50 of it the fee, 200 arrives.
        transaction: {
          type: 'DEPOSIT',
          tradeDate: '2024-09-02',
          ...eur,
          amount: '201.500000',
          fee: '1.50',
        },
        isin: null,
        leftOut: null,
      },
      {
        transaction: {
          type: 'BUY',
          tradeDate: '2024-09-03',
          ...eur,
          quantity: '10.0000000000',
          unitPrice: '21.670000',
          fee: '1.00',
        },
        isin: 'DE0005557508',
        leftOut: null,
      },
      {
        transaction: {
          type: 'TAX',
          tradeDate: '2025-01-02',
          ...eur,
          quantity: '2.2723011268',
          amount: '0.000000',
        },
        isin: 'IE00B4L5Y983',
        leftOut: 'not_a_transaction',
      },
    ])
    // A savings plan execution is a purchase, its description kept as the note.
    expect(rows[2]?.transaction.note).toMatch(/^Savings plan execution IE00B4L5Y983/)
  })

  it('reads every row of the newer sample: crypto by its code, a US dividend in euros', () => {
    const { rows } = readSample(V2)
    expect(rows.flatMap((row) => row.problems)).toEqual([])
    expect(rows.every((row) => row.leftOut === null)).toBe(true)
    const eur = { currency: 'EUR' }
    const read = rows.map((row) => {
      const { note: _note, ...transaction } = given(row.transaction)
      const { instrument } = row
      return [
        transaction,
        instrument && { code: instrument.code, isin: instrument.isin, type: instrument.type },
      ]
    })
    const allWorld = { code: null, isin: 'IE00BK5BQT80', type: 'FUND' }
    const apple = { code: null, isin: 'US0378331005', type: 'STOCK' }
    const bitcoin = { code: 'BTC', isin: null, type: 'CRYPTO' }
    expect(read).toEqual([
      [{ type: 'DEPOSIT', tradeDate: '2024-11-04', ...eur, amount: '1500.00' }, null],
      [
        {
          type: 'BUY',
          tradeDate: '2024-11-04',
          ...eur,
          quantity: '1.1929378082',
          unitPrice: '125.7400000000',
        },
        allWorld,
      ],
      [
        {
          type: 'BUY',
          tradeDate: '2024-12-02',
          ...eur,
          quantity: '1.1504832029',
          unitPrice: '130.3800000000',
        },
        allWorld,
      ],
      // Vorabpauschale: amount 0.00 and tax −0.15 become a tax of 0.15.
      [{ type: 'TAX', tradeDate: '2025-01-02', ...eur, amount: '0.15' }, allWorld],
      [
        {
          type: 'BUY',
          tradeDate: '2025-01-06',
          ...eur,
          quantity: '2.0000000000',
          unitPrice: '234.1500000000',
          fee: '1.00',
        },
        apple,
      ],
      [
        {
          type: 'BUY',
          tradeDate: '2025-01-15',
          ...eur,
          quantity: '0.0030000000',
          unitPrice: '97120.0000000000',
          fee: '1.00',
        },
        bitcoin,
      ],
      [
        {
          type: 'BUY',
          tradeDate: '2025-02-03',
          ...eur,
          quantity: '1.1192359349',
          unitPrice: '134.0200000000',
        },
        allWorld,
      ],
      // Gross 0.50 USD at 0.9598 booked as 0.48 EUR; Apple is traded here in euros, so it stays so.
      [{ type: 'DIVIDEND', tradeDate: '2025-02-14', ...eur, amount: '0.48', tax: '0.13' }, apple],
      [
        {
          type: 'SELL',
          tradeDate: '2025-03-10',
          ...eur,
          quantity: '0.0010000000',
          unitPrice: '74120.0000000000',
          fee: '1.00',
        },
        bitcoin,
      ],
      [{ type: 'INTEREST', tradeDate: '2025-04-01', ...eur, amount: '1.84', tax: '0.49' }, null],
      [{ type: 'WITHDRAWAL', tradeDate: '2025-04-14', ...eur, amount: '42.90' }, null],
      [{ type: 'WITHDRAWAL', tradeDate: '2025-05-02', ...eur, amount: '100.00' }, null],
    ])
    expect(rows[7]?.transaction.fxRate).toBeNull()
  })

  it('reads every cash word the export uses for money in and out, interest and income', () => {
    const words = {
      CUSTOMER_INBOUND: 'DEPOSIT',
      CUSTOMER_INPAYMENT: 'DEPOSIT',
      TRANSFER_INBOUND: 'DEPOSIT',
      TRANSFER_INSTANT_INBOUND: 'DEPOSIT',
      TRANSFER_IN: 'DEPOSIT',
      CUSTOMER_OUTBOUND_REQUEST: 'WITHDRAWAL',
      TRANSFER_OUT: 'WITHDRAWAL',
      TRANSFER_INSTANT_OUTBOUND: 'WITHDRAWAL',
      CARD_TRANSACTION: 'WITHDRAWAL',
    } as const
    const { rows } = exportOf(
      ...Object.entries(words).map(([type, kind]) => ({
        category: 'CASH',
        type,
        amount: kind === 'DEPOSIT' ? '50.00' : '-50.00',
      })),
      {
        category: 'CASH',
        type: 'DISTRIBUTION',
        asset_class: 'FUND',
        symbol: 'IE00B3RBWM25',
        shares: '10',
        amount: '3.20',
        tax: '-0.59',
      },
      {
        category: 'CASH',
        type: 'DIVIDEND_EQUIVALENT_PAYMENT',
        ...APPLE,
        shares: '2',
        amount: '0.44',
      },
      {
        category: 'CASH',
        type: 'INTEREST_PAYMENT',
        asset_class: 'BOND',
        name: 'Bund 2026',
        symbol: 'DE0001102358',
        amount: '12.50',
        tax: '-3.30',
      },
    )
    expect(rows.flatMap((row) => row.problems)).toEqual([])
    expect(rows.map((row) => [row.transaction.type, row.transaction.amount])).toEqual([
      ...Object.values(words).map((type) => [type, '50.00']),
      ['DIVIDEND', '3.20'],
      ['DIVIDEND', '0.44'],
      ['INTEREST', '12.50'],
    ])
    expect(rows.at(-1)?.instrument).toMatchObject({ isin: 'DE0001102358', type: 'BOND' })
  })

  it('reads the amount as gross: fees and taxes lie beside it', () => {
    const { rows } = exportOf({
      category: 'TRADING',
      type: 'BUY',
      ...APPLE,
      shares: '2',
      amount: '-100.00',
      fee: '-1.00',
    })
    expect(rows[0]?.problems).toEqual([])
    expect(rows[0]?.transaction).toMatchObject({ unitPrice: '50', fee: '1.00', amount: null })
  })

  it('reads a dividend reversal as the cancellation of the dividend, and its re-booking stays', () => {
    const dividend = { category: 'CASH', type: 'DIVIDEND', ...APPLE, shares: '2' }
    const { rows } = exportOf(
      { ...dividend, date: '2025-02-14', amount: '0.48', tax: '-0.13' },
      { ...dividend, date: '2025-03-27', amount: '-0.48', tax: '0.13' },
      { ...dividend, date: '2025-03-27', amount: '0.48', tax: '-0.12' },
    )
    expect(rows.map((row) => row.problems.map(({ code, column }) => [code, column]))).toEqual([
      [],
      [['cancellation', 'amount']],
      [],
    ])
    // The import pairs it with the first row (same instrument and amount), both left out.
    expect(rows[1]).toMatchObject({ cancels: 'DIVIDEND', transaction: { amount: '0.48' } })
    expect(given(rows[2]?.transaction ?? {})).toMatchObject({ amount: '0.48', tax: '0.12' })
  })

  it('reads a tax given back on its own as a refund, and refuses one inside a sale', () => {
    const { rows } = exportOf(
      { category: 'CASH', type: 'TAX_OPTIMIZATION', amount: '0.00', tax: '15.33' },
      {
        category: 'TRADING',
        type: 'SELL',
        ...APPLE,
        shares: '-1',
        price: '180.00',
        amount: '180.00',
        fee: '-1.00',
        tax: '4.20',
      },
    )
    expect(given(rows[0]!.transaction)).toMatchObject({ type: 'TAX_REFUND', amount: '15.33' })
    expect(rows[0]!.notices.map((notice) => notice.code)).toEqual(['refund_from_sign'])
    // A sale's refunded tax has no transaction of its own in the file: named, never a charge.
    expect(rows.map((row) => row.problems.map(({ code, column }) => [code, column]))).toEqual([
      [],
      [['sign_contradicts_type', 'tax']],
    ])
  })

  it('books a tax charged on its own (Vorabpauschale, tax optimisation) as the amount', () => {
    const { rows } = exportOf(
      {
        category: 'CASH',
        type: 'EARNINGS',
        asset_class: 'FUND',
        symbol: 'IE00BK5BQT80',
        shares: '3.5',
        amount: '0.000000',
        tax: '-4.22',
      },
      {
        category: 'CASH',
        type: 'PRE_DETERMINED_TAX_BASE',
        asset_class: 'FUND',
        symbol: 'IE00BK5BQT80',
        amount: '0.000000',
        tax: '-0.33',
      },
      { category: 'CASH', type: 'TAX_OPTIMIZATION', amount: '0.000000', tax: '-4.21' },
      {
        category: 'CASH',
        type: 'EARNINGS',
        asset_class: 'FUND',
        symbol: 'IE00BK5BQT80',
        amount: '0.000000',
        tax: '',
      },
    )
    expect(rows.flatMap((row) => row.problems)).toEqual([])
    expect(
      rows.map((row) => [
        row.transaction.type,
        row.transaction.amount,
        row.transaction.tax,
        row.leftOut,
      ]),
    ).toEqual([
      ['TAX', '4.22', null, null],
      ['TAX', '0.33', null, null],
      ['TAX', '4.21', null, null],
      ['TAX', '0.000000', null, 'not_a_transaction'],
    ])
  })

  it('leaves out the corporate actions whose cash row books them; reads a split’s units and a maturity as a sale', () => {
    const bond = { asset_class: 'BOND', name: 'Bund 2024', symbol: 'DE0001141794' }
    const { rows } = exportOf(
      { category: 'CORPORATE_ACTION', type: 'FINAL_MATURITY', ...bond, shares: '-20' },
      { category: 'CORPORATE_ACTION', type: 'REDEMPTION', ...bond, shares: '-20' },
      {
        category: 'CORPORATE_ACTION',
        type: 'WARRANT_EXERCISE',
        asset_class: 'DERIVATIVE',
        symbol: 'DE000HG8X1T3',
        shares: '-100',
      },
      {
        category: 'CORPORATE_ACTION',
        type: 'SPLIT',
        asset_class: 'STOCK',
        name: 'NVIDIA',
        symbol: 'US67066G1040',
        shares: '9',
      },
      // The cash leg of a maturity: the units sold at the money paid.
      { category: 'CASH', type: 'FINAL_MATURITY', ...bond, shares: '-20', amount: '20.00' },
    )
    expect(rows.map((row) => row.leftOut)).toEqual([
      'not_a_transaction',
      'not_a_transaction',
      'not_a_transaction',
      null,
      null,
    ])
    // The units booked in: the import works the ratio out from the holding that day.
    expect(rows[3]).toMatchObject({
      transaction: { type: 'SPLIT', quantity: null, splitRatio: null },
      splitUnits: { direction: 'in', quantity: '9' },
      problems: [],
    })
    expect(rows[4]).toMatchObject({
      transaction: { type: 'SELL', quantity: '20', unitPrice: '1', amount: null },
      redemption: true,
      problems: [],
    })
  })

  it('refuses by name the types this app has no meaning for', () => {
    const { rows } = exportOf(
      ...['GIFT', 'BENEFITS_SAVEBACK', 'CARD_TRANSACTION_REFUND', 'PRIVATE_MARKET_BUY'].map(
        (type) => ({ category: 'CASH', type, amount: '5.00' }),
      ),
    )
    expect(rows.map((row) => row.problems)).toEqual(
      rows.map(() => [{ code: 'unknown_type', column: 'type' }]),
    )
  })
})
