import { useState } from 'react'
import type { Portfolio, Transaction } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { useTransactionMutations } from '../data/portfolio-mutations'
import { useOnline, useTransactionPages } from '../data/portfolio-queries'
import { QueryStatus, useErrorMessage } from './query-status'
import { TransactionsTable } from './transactions-table'

/**
 * Every transaction of the portfolio, newest first, a page at a time: trades with their
 * instrument, and the cash ones (deposits, withdrawals, interest, fees) no instrument screen
 * lists. Edit opens the portfolio's transaction form (`onEdit`).
 */
export function PortfolioTransactions(props: {
  portfolio: Portfolio
  onEdit(transaction: Transaction): void
}) {
  const { t } = useI18n()
  const online = useOnline()
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const pages = useTransactionPages(props.portfolio.id, cursors)
  const mutations = useTransactionMutations(props.portfolio.id)
  const messageOf = useErrorMessage()
  const loaded = pages.flatMap((page) => page.data?.body.transactions ?? [])
  const last = pages.at(-1)
  const nextCursor = last?.data?.body.nextCursor ?? null
  const first = pages[0]
  if (!first?.data) return first ? <QueryStatus query={first} /> : null
  if (loaded.length === 0) return <p className="muted">{t('portfolio.detail.transactions.none')}</p>
  return (
    <>
      {mutations.remove.isError ? (
        <p className="notice notice--error" role="alert">
          {messageOf(mutations.remove.error)}
        </p>
      ) : null}
      <TransactionsTable
        transactions={loaded}
        portfolioId={props.portfolio.id}
        online={online}
        onEdit={props.onEdit}
        onDelete={(transaction) => mutations.remove.mutate(transaction.id)}
      />
      {last && !last.data ? <QueryStatus query={last} /> : null}
      {nextCursor ? (
        <button
          type="button"
          className="button"
          onClick={() => setCursors((current) => [...current, nextCursor])}
        >
          {t('portfolio.detail.transactions.more')}
        </button>
      ) : null}
    </>
  )
}
