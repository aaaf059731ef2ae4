import { useIsMutating } from '@tanstack/react-query'
import { useState } from 'react'
import type { Portfolio } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { addsTransactionsKey } from '../data/portfolio-mutations'
import { AddTransactionPanel } from './add-transaction-panel'
import { ImportExportPanel } from './import-export-panel'

/**
 * Whether the portfolio screen shows the empty state: while the portfolio has no transaction,
 * and on while its first ones are being written, so the panel writing them is still there when
 * it is done and hands its outcome and the focus to its counterpart on the full screen
 * (panel-handover.ts). Figures of nothing would only be zeros.
 */
export function useEmptyPortfolio(portfolio: Portfolio | undefined): boolean {
  const writing = useIsMutating({ mutationKey: addsTransactionsKey(portfolio?.id ?? '') }) > 0
  const empty = portfolio?.transactionCount === 0
  const [shown, setShown] = useState(empty)
  if (empty && !shown) setShown(true)
  else if (!empty && shown && !writing) setShown(false)
  return shown
}

/** A portfolio without transactions: the first step, adding one or importing a file. */
export function EmptyPortfolio({ portfolio }: { portfolio: Portfolio }) {
  const { t } = useI18n()
  return (
    <>
      <section className="empty-state" aria-labelledby="empty-portfolio-heading">
        <h2 id="empty-portfolio-heading">{t('portfolio.detail.empty.heading')}</h2>
        <p>{t('portfolio.detail.empty.lead')}</p>
      </section>
      <AddTransactionPanel portfolio={portfolio} />
      <ImportExportPanel portfolio={portfolio} exports={false} />
    </>
  )
}
