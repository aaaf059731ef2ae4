import { describe, expect, it } from 'vitest'
import { fixture, given, tableOf } from '../import-fixture'
import { mapImportRows } from '../map-rows'
import { detectPreset } from '.'
import { degiroAccountPreset } from './degiro-account'
import { foldHeaders } from './preset-definition'
import { mappingOf } from './preset-mapping'

function readAccount(text: Uint8Array | string) {
  const table = tableOf(text)
  const result = mapImportRows(table, mappingOf(degiroAccountPreset, foldHeaders(table.headers)), {
    decimalSeparator: 'auto',
    dateOrder: 'auto',
    fallbackDateOrder: 'DMY',
    preset: 'degiro_account',
  })
  if (!result.ok) throw new Error(`missing ${result.missing.join(', ')}`)
  return { table, ...result }
}

/** The rows read, newest first as in the file; left-out rows by their reason. */
function summary(rows: ReturnType<typeof readAccount>['rows']) {
  return rows.map((row) =>
    row.leftOut !== null
      ? row.leftOut
      : {
          ...given(row.transaction),
          isin: row.instrument?.isin ?? null,
          problems: row.problems.map(({ code }) => code),
        },
  )
}

const cash = (
  type: string,
  tradeDate: string,
  currency: string,
  amount: string,
  isin: string | null = null,
) => ({
  type,
  tradeDate,
  currency,
  amount,
  isin,
  problems: [],
})

describe('DEGIRO account statement', () => {
  it('is told apart from the transactions export', () => {
    for (const name of ['degiro-account-en.csv', 'degiro-account-nl.csv']) {
      const table = tableOf(fixture(name))
      expect(degiroAccountPreset.detect(table, foldHeaders(table.headers)), name).toBe(true)
      expect(detectPreset(table), name).toBe('degiro_account')
    }
    const transactions = tableOf(
      'Date,Time,Product,ISIN,Reference exchange,Venue,Quantity,Price,,Local value,,Value EUR,Exchange rate,AutoFX Fee,Transaction and/or third party fees EUR,Total EUR,Order ID,\n' +
        '08-01-2024,14:02,ISHARES CORE MSCI WORLD,IE00B4L5Y983,XET,XETA,25,80.52,EUR,-2013.00,EUR,-2013.00,,0.00,-1.00,-2014.00,5925d76b-eb36-46e3-b017-a61a6d03c3e7,\n',
    )
    expect(degiroAccountPreset.detect(transactions, foldHeaders(transactions.headers))).toBe(false)
  })

  it('reads the English statement: cash rows, exchanges from their two legs, trade legs left out', () => {
    const { rows, decimalSeparator } = readAccount(fixture('degiro-account-en.csv'))
    expect(decimalSeparator).toBe('.')
    const apple = 'US0378331005'
    const legs = (count: number) => Array<string>(count).fill('not_a_transaction')
    const trade = (count: number) => Array<string>(count).fill('trade_elsewhere')
    // FX Credit (read into the next row) and FX Debit: dollars changed into euros.
    const exchange = (
      date: string,
      given: string,
      amount: string,
      to: string,
      toAmount: string,
    ) => ({
      ...cash('EXCHANGE', date, given, amount),
      toCurrency: to,
      toAmount,
    })
    expect(summary(rows)).toEqual([
      cash('WITHDRAWAL', '2025-02-05', 'EUR', '300.00'),
      cash('DEPOSIT', '2024-11-04', 'EUR', '500.00'),
      'joined_row',
      exchange('2024-08-19', 'USD', '1.27', 'EUR', '1.15'),
      cash('TAX', '2024-08-16', 'USD', '0.23', apple),
      cash('DIVIDEND', '2024-08-16', 'USD', '1.50', apple),
      'joined_row',
      exchange('2024-07-15', 'USD', '937.60', 'EUR', '860.03'),
      ...trade(2), // the sale and its fee (in Transactions.csv)
      ...legs(2), // cash sweep out and back
      cash('INTEREST', '2024-06-03', 'EUR', '0.87'),
      'joined_row',
      exchange('2024-05-20', 'USD', '2.12', 'EUR', '1.95'),
      cash('TAX', '2024-05-17', 'USD', '0.38', apple),
      cash('DIVIDEND', '2024-05-17', 'USD', '2.50', apple),
      // The purchase's euros changed into dollars: FX Debit first, FX Credit read into it.
      exchange('2024-02-12', 'EUR', '1736.89', 'USD', '1871.50'),
      'joined_row',
      ...trade(2),
      ...trade(2), // the ETF purchase and its fee, their Order ID wrapped
      cash('DEPOSIT', '2024-01-02', 'EUR', '5000.00'),
    ])
  })

  it('reads the Dutch statement: decimal commas, the connection fee with its booking text', () => {
    const { rows, decimalSeparator } = readAccount(fixture('degiro-account-nl.csv'))
    expect(decimalSeparator).toBe(',')
    const vici = 'US9256521090'
    const read = summary(rows).filter((row) => typeof row !== 'string')
    // Dollars changed into euros after each dividend: Valuta Debitering and Creditering.
    const exchanges = read.filter((row) => row.type === 'EXCHANGE')
    expect(exchanges.map((row) => [row.amount, row.toAmount])).toEqual([
      ['2.94', '2.69'],
      ['133.12', '119.62'],
      ['4.23', '3.90'],
      ['4.23', '3.94'],
    ])
    expect(read.filter((row) => row.type !== 'EXCHANGE')).toEqual([
      cash('INTEREST', '2025-01-02', 'EUR', '0.42'),
      cash('WITHDRAWAL', '2024-12-02', 'EUR', '200.00'),
      cash('TAX', '2024-10-10', 'USD', '0.52', vici),
      cash('DIVIDEND', '2024-10-10', 'USD', '3.46', vici),
      cash('TAX', '2024-07-11', 'USD', '0.75', vici),
      cash('DIVIDEND', '2024-07-11', 'USD', '4.98', vici),
      cash('TAX', '2024-04-11', 'USD', '0.75', vici),
      cash('DIVIDEND', '2024-04-11', 'USD', '4.98', vici),
      {
        ...cash('FEE', '2024-02-01', 'EUR', '2.50'),
        note: 'DEGIRO Aansluitingskosten 2024 (Xetra - XET)',
      },
      cash('DEPOSIT', '2024-01-04', 'EUR', '1000.00'),
    ])
    // Trade legs, cash sweeps, and the received legs read into their exchanges.
    expect(rows.filter((row) => row.leftOut !== null)).toHaveLength(10)
  })

  it('reads a dividend tax given back as a refund, a negative dividend as its reversal, a split’s two legs as one split; names an ISIN change and an unknown text', () => {
    const header =
      'Datum,Uhrzeit,Valutadatum,Produkt,ISIN,Beschreibung,FX,Änderung,,Saldo,,Order-ID\n'
    const { rows } = readAccount(
      header +
        '03-05-2024,07:10,02-05-2024,COCA-COLA COMPANY (THE,US1912161007,Dividendensteuer,,USD,"0,07",USD,"0,07",\n' +
        '02-05-2024,07:10,01-05-2024,COCA-COLA COMPANY (THE,US1912161007,Dividende,,USD,"-0,44",USD,"0,00",\n' +
        '01-05-2024,07:10,30-04-2024,COCA-COLA COMPANY (THE,US1912161007,AKTIENSPLIT: Kauf 2 zu je 0 USD,,USD,"0,00",USD,"0,44",\n' +
        '01-05-2024,07:10,30-04-2024,COCA-COLA COMPANY (THE,US1912161007,AKTIENSPLIT: Verkauf 1 zu je 0 USD,,USD,"0,00",USD,"0,44",\n' +
        '01-05-2024,07:10,30-04-2024,COCA-COLA COMPANY (THE,US1912161007,ISIN-ÄNDERUNG: Verkauf 1 zu je 0 USD,,USD,"0,00",USD,"0,44",\n' +
        '01-05-2024,07:10,30-04-2024,COCA-COLA COMPANY (THE,US1912161007,Spin-off,,USD,"0,00",USD,"0,44",\n' +
        '30-04-2024,09:00,30-04-2024,,,SOFORT Einzahlung,,EUR,"100,00",EUR,"100,00",\n' +
        '29-04-2024,09:00,29-04-2024,,,Währungswechsel (Ausbuchung),"1,0701",USD,"-0,44",USD,"0,00",\n',
    )
    expect(
      rows.map((row) => [row.leftOut, row.problems.map(({ code, column }) => [code, column])]),
    ).toEqual([
      [null, []],
      [null, [['cancellation', 'Änderung']]],
      [null, []],
      ['joined_row', []],
      [null, [['isin_change', 'Beschreibung']]],
      [null, [['unknown_type', 'Beschreibung']]],
      [null, []],
      // One leg of an exchange alone: the money received is missing.
      [null, [['missing_value', null]]],
    ])
    expect(rows[0]?.transaction).toMatchObject({ type: 'TAX_REFUND', amount: '0.07' })
    expect(rows[1]).toMatchObject({ cancels: 'DIVIDEND', transaction: { amount: '0.44' } })
    expect(rows[0]?.notices.map((notice) => notice.code)).toEqual(['refund_from_sign'])
    expect(rows[2]).toMatchObject({
      transaction: { type: 'SPLIT', splitRatio: '2:1', quantity: null, amount: null },
      notices: [{ code: 'joined_row', params: { other: '4' } }],
    })
    expect(rows[3]?.joinedTo).toBe(3)
    expect(rows[6]?.transaction).toMatchObject({
      type: 'DEPOSIT',
      amount: '100.00',
      currency: 'EUR',
    })
  })
})
