import { describe, expect, it } from 'vitest'
import { fixture, given, importFile, tableOf } from '../import-fixture'
import { detectPreset, presetReadOptions } from '.'

const SAMPLE = 'scalable-capital-transactions.csv'
const HEADER =
  'date;time;status;reference;description;assetType;type;isin;shares;price;amount;fee;tax;currency'

function exportOf(...rows: string[]) {
  return importFile([HEADER, ...rows].join('\n'), { decimalSeparator: ',' })
}

function readSample() {
  const { decimalSeparator } = presetReadOptions('scalable_capital')
  return importFile(fixture(SAMPLE), { decimalSeparator })
}

describe('Scalable Capital preset', () => {
  it('detects the CSV export: `;` separated, German numbers', () => {
    const table = tableOf(fixture(SAMPLE))
    expect(table.separator).toBe(';')
    expect(detectPreset(table)).toBe('scalable_capital')
    // Its numbers say the same when nothing is fixed.
    expect(importFile(fixture(SAMPLE)).decimalSeparator).toBe(',')
  })

  it('maps its columns: the description names the security, the reference is the note', () => {
    expect(readSample().mapping).toEqual({
      date: 'date',
      type: 'type',
      isin: 'isin',
      name: 'description',
      quantity: 'shares',
      price: 'price',
      amount: 'amount',
      fee: 'fee',
      tax: 'tax',
      currency: 'currency',
      note: 'reference',
    })
  })

  it('reads every executed row of the sample and leaves out the pending and cancelled ones', () => {
    const { rows } = readSample()
    expect(rows.flatMap((row) => row.problems)).toEqual([])
    const eur = { currency: 'EUR' }
    const read = rows.map((row) => [
      row.leftOut ?? given(row.transaction),
      row.instrument?.isin ?? null,
    ])
    const allWorld = 'IE00BK5BQT80'
    const sp500 = 'IE00B5BMR087'
    const allianz = 'DE0008404005'
    const free = { fee: '0.00', tax: '0.00' }
    expect(read).toEqual([
      ['not_executed', allWorld],
      [
        {
          type: 'FEE',
          tradeDate: '2025-03-03',
          ...eur,
          amount: '4.99',
          fee: '0.00',
          note: 'WWEK 45120387',
        },
        null,
      ],
      // January taxes on an accumulating fund: the Vorabpauschale.
      [
        {
          type: 'TAX',
          tradeDate: '2025-01-17',
          ...eur,
          amount: '0.42',
          fee: '0.00',
          note: 'WWEK 41877215',
        },
        allWorld,
      ],
      [
        {
          type: 'BUY',
          tradeDate: '2025-01-02',
          ...eur,
          quantity: '0.764',
          unitPrice: '130.86',
          ...free,
          note: 'SCALn8Ww3XhT5aE',
        },
        allWorld,
      ],
      [
        {
          type: 'WITHDRAWAL',
          tradeDate: '2024-09-02',
          ...eur,
          amount: '300.00',
          fee: '0.00',
          note: 'Q4M8ZC1T7VXKPA2NB6HRJD',
        },
        null,
      ],
      [
        {
          type: 'SELL',
          tradeDate: '2024-08-15',
          ...eur,
          quantity: '1',
          unitPrice: '498.26',
          fee: '0.99',
          tax: '6.35',
          note: 'SCALb7Rt2YkLq3V',
        },
        sp500,
      ],
      [
        {
          type: 'INTEREST',
          tradeDate: '2024-07-01',
          ...eur,
          amount: '3.12',
          ...free,
          note: 'WWEK 33905142',
        },
        null,
      ],
      // Booked net 30.49 after 10.91 tax: the dividend is 41.40 gross (3 × 13.80).
      [
        {
          type: 'DIVIDEND',
          tradeDate: '2024-05-13',
          ...eur,
          amount: '41.4',
          fee: '0.00',
          tax: '10.91',
          note: 'WWEK 31276608',
        },
        allianz,
      ],
      [
        {
          type: 'BUY',
          tradeDate: '2024-05-06',
          ...eur,
          quantity: '3',
          unitPrice: '260.10',
          fee: '0.99',
          tax: '0.00',
          note: 'SCALk2Hs9DmPw4E',
        },
        allianz,
      ],
      ['not_executed', 'DE0007164600'],
      [
        {
          type: 'BUY',
          tradeDate: '2024-04-02',
          ...eur,
          quantity: '0.847',
          unitPrice: '118.02',
          ...free,
          note: 'SCALf3Gd6ZuRb8M',
        },
        allWorld,
      ],
      [
        {
          type: 'BUY',
          tradeDate: '2024-03-01',
          ...eur,
          quantity: '0.864',
          unitPrice: '115.74',
          ...free,
          note: 'SCALh9Tp1WeKs6Y',
        },
        allWorld,
      ],
      [
        {
          type: 'BUY',
          tradeDate: '2024-02-05',
          ...eur,
          quantity: '2',
          unitPrice: '462.38',
          fee: '0.99',
          tax: '0.00',
          note: 'SCALr6Bn4QvJm2C',
        },
        sp500,
      ],
      // German thousands: 2.000,00.
      [
        {
          type: 'DEPOSIT',
          tradeDate: '2024-02-01',
          ...eur,
          amount: '2000.00',
          fee: '0.00',
          note: '7HX2LD9QWE4RTY8UP1ZKMN',
        },
        null,
      ],
    ])
    expect(rows[12]?.instrument?.name).toBe('iShares Core S&P 500 (Acc)')
  })

  it('leaves out every status but Executed', () => {
    const { rows } = exportOf(
      ...['Executed', 'Pending', 'Cancelled', 'Expired', 'Rejected', ''].map(
        (status) =>
          `2025-08-01;14:11:01;${status};"SCALT68r1eJqD4Q";"iShares BIC 50 (Dist)";Security;Savings plan;IE00B1W57M07;3,505;21,395;-74,989475;0,00;0,00;EUR`,
      ),
    )
    expect(rows.map((row) => row.leftOut)).toEqual([
      null,
      'not_executed',
      'not_executed',
      'not_executed',
      'not_executed',
      'not_executed',
    ])
    expect(rows[0]?.problems).toEqual([])
    expect(rows[0]?.transaction).toMatchObject({ quantity: '3.505', unitPrice: '21.395' })
  })

  it('reads a distribution as net of its tax, one without tax as it is', () => {
    const { rows } = exportOf(
      '2024-01-02;01:00:00;Executed;"WWEK 20270739";"iShares Core FTSE 100 UCITS ETF GBP (Dist)";Cash;Distribution;IE0005042456;;;29,27;0,00;6,63;EUR',
      '2025-09-25;02:00:00;Executed;"WWEK 51597383";"iShares Core FTSE 100 (Dist)";Cash;Distribution;IE0005042456;;;56,78;0,00;0,00;EUR',
    )
    expect(rows.map((row) => [row.transaction.amount, row.transaction.tax])).toEqual([
      ['35.9', '6.63'],
      ['56.78', '0.00'],
    ])
  })

  it('reads the amount of a trade without a price as gross: the fee lies beside it', () => {
    const { rows } = exportOf(
      '2024-05-06;10:07:55;Executed;"SCALk2Hs9DmPw4E";"Allianz SE";Security;Buy;DE0008404005;4;;-1.040,40;0,99;0,00;EUR',
    )
    expect(rows[0]?.problems).toEqual([])
    expect(rows[0]?.transaction).toMatchObject({ unitPrice: '260.1', fee: '0.99', amount: null })
  })

  it('reads a negative distribution as a reversal of the distribution, and names an unknown type', () => {
    const { rows } = exportOf(
      '2024-01-05;01:00:00;Executed;"WWEK 20270740";"iShares Core FTSE 100 UCITS ETF GBP (Dist)";Cash;Distribution;IE0005042456;;;-29,27;0,00;6,63;EUR',
      '2024-01-05;01:00:00;Executed;"WWEK 20270741";"iShares Core FTSE 100 UCITS ETF GBP (Dist)";Security;Security transfer;IE0005042456;10;;;0,00;0,00;EUR',
    )
    expect(rows.map((row) => row.problems.map(({ code, column }) => [code, column]))).toEqual([
      [['cancellation', 'amount']],
      [['unknown_type', 'type']],
    ])
    // Matched by the import to the distribution of 35.90 gross it undoes.
    expect(rows[0]).toMatchObject({ cancels: 'DIVIDEND', transaction: { amount: '35.9' } })
  })

  it('refuses a negative tax or fee: a refund, never read as a charge', () => {
    const { rows } = exportOf(
      '2024-08-15;15:22:48;Executed;"SCALb7Rt2YkLq3V";"iShares Core S&P 500 (Acc)";Security;Sell;IE00B5BMR087;1;430,00;430,00;0,99;-8,12;EUR',
      '2024-08-15;15:22:48;Executed;"SCALb7Rt2YkLq3W";"iShares Core S&P 500 (Acc)";Security;Sell;IE00B5BMR087;1;430,00;430,00;-0,99;0,00;EUR',
    )
    expect(rows.map((row) => row.problems.map(({ code, column }) => [code, column]))).toEqual([
      [['sign_contradicts_type', 'tax']],
      [['sign_contradicts_type', 'fee']],
    ])
  })
})
