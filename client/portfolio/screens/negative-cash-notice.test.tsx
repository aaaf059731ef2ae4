import { describe, expect, it } from 'vitest'
import type { NegativeCash } from '../../../shared/api/schemas'
import { NegativeCashNotice } from './negative-cash-notice'
import { PORTFOLIO_ID, renderInLocale, report, thyaoTransactions } from './screen-fixtures'
import { TransactionsTable } from './transactions-table'

// The purchase of THYAO on 05.01.2026 left the lira cash at −30,000, its lowest.
const purchase = thyaoTransactions.transactions[1]!
const belowZero: NegativeCash = {
  currency: 'TRY',
  transactionId: purchase.id,
  type: 'BUY',
  instrument: report.holdings[0]!.instrument,
  date: '2026-01-05',
  lowest: '-30000',
  lowestDate: '2026-01-05',
}

describe('NegativeCashNotice', () => {
  it('names the day, the transaction, the lowest balance and the deposit to record', async () => {
    const html = await renderInLocale(
      'en',
      <NegativeCashNotice negativeCash={[belowZero]} portfolioId={PORTFOLIO_ID} />,
    )
    expect(html).toContain('Cash below zero</h2>')
    expect(html).toContain(
      'TRY cash ends 01/05/26 below zero, after this transaction: Buy · THYAO. At its lowest it is -TRY 30,000.00, on 01/05/26.',
    )
    expect(html).toContain(
      'Record the missing deposit: at least TRY 30,000.00, dated 01/05/26 or earlier.',
    )
    expect(html).toContain(
      `href="/en/portfolio/${PORTFOLIO_ID}/transaction-THYAO-turk-hava-yollari"`,
    )
    expect(html).toContain('Show the transactions of THYAO</a>')
  })

  it('speaks Turkish and German', async () => {
    const turkish = await renderInLocale(
      'tr',
      <NegativeCashNotice negativeCash={[belowZero]} portfolioId={PORTFOLIO_ID} />,
    )
    expect(turkish).toContain('Eksik para yatırma işlemini kaydedin: en az ₺30.000,00')
    const german = await renderInLocale(
      'de',
      <NegativeCashNotice negativeCash={[belowZero]} portfolioId={PORTFOLIO_ID} />,
    )
    expect(german).toContain('mindestens 30.000,00 TRY, spätestens zum 05.01.2026')
  })

  it('says nothing when the cash never went below zero', async () => {
    const html = await renderInLocale(
      'en',
      <NegativeCashNotice negativeCash={[]} portfolioId={PORTFOLIO_ID} />,
    )
    expect(html).toBe('')
  })
})

describe('TransactionsTable', () => {
  it('marks the row after which the cash first ended a day below zero, and no other', async () => {
    const html = await renderInLocale(
      'en',
      <TransactionsTable
        transactions={thyaoTransactions.transactions}
        negativeCash={[belowZero]}
        online
        onEdit={() => {}}
        onDelete={() => {}}
      />,
    )
    expect(html.match(/<tr id="transaction-[^"]+" class="row--warning">/g)).toHaveLength(1)
    expect(html).toMatch(
      /<tr id="transaction-[^"]+" class="row--warning"><th scope="row">01\/05\/26<\/th><td class="text">Buy<span class="cell-note row-warning">TRY cash below zero from here<\/span>/,
    )
  })
})
