import type { NegativeCash, Portfolio, Transaction } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { useTransactionMutations } from '../data/portfolio-mutations'
import { portfolioQueries, useCursorPages, useOnline } from '../data/portfolio-queries'
import { QueryStatus, useErrorMessage } from './query-status'
import { TransactionsTable } from './transactions-table'

/**
 * Every transaction of the portfolio, newest first, a page at a time: trades with their
 * instrument, and the cash ones (deposits, withdrawals, interest, fees) no instrument screen
 * lists. Edit opens the portfolio's transaction form (`onEdit`).
 */
export function PortfolioTransactions(props: {
  portfolio: Portfolio
  /** From the report: the transactions after which cash first ended a day below zero. */
  negativeCash: NegativeCash[]
  onEdit(transaction: Transaction): void
}) {
  const { t } = useI18n()
  const online = useOnline()
  const { pages, bodies, more } = useCursorPages((cursor) =>
    portfolioQueries.transactionPage(props.portfolio.id, cursor),
  )
  const mutations = useTransactionMutations(props.portfolio.id)
  const messageOf = useErrorMessage()
  const loaded = bodies.flatMap((body) => body.transactions)
  const last = pages.at(-1)
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
        negativeCash={props.negativeCash}
        portfolioId={props.portfolio.id}
        online={online}
        onEdit={props.onEdit}
        onDelete={(transaction) => mutations.remove.mutate(transaction.id)}
      />
      {last && !last.data ? <QueryStatus query={last} /> : null}
      {more ? (
        <button type="button" className="button" onClick={more}>
          {t('portfolio.detail.transactions.more')}
        </button>
      ) : null}
    </>
  )
}
