import { useEffect, useRef } from 'react'
import type { Portfolio } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { useErrorMessage } from './query-status'
import { useUpdatePortfolio } from '../data/portfolio-mutations'
import { useOnline } from '../data/portfolio-queries'
import { ConfirmAction } from './confirm-action'

/**
 * Whether the portfolio keeps a cash balance, and the way to start keeping one: asked in place,
 * as it cannot be switched off again (deposits and withdrawals need it).
 */
export function CashRecording({ portfolio }: { portfolio: Portfolio }) {
  const { t } = useI18n()
  const online = useOnline()
  const update = useUpdatePortfolio()
  const messageOf = useErrorMessage()
  const recorded = useRef<HTMLSpanElement>(null)
  // Once switched on here, the question's buttons are gone: the focus goes to what it says now.
  const switched = update.isSuccess && portfolio.recordsCash
  useEffect(() => {
    if (switched) recorded.current?.focus()
  }, [switched])
  if (portfolio.recordsCash) {
    return (
      <span ref={recorded} tabIndex={-1} role={switched ? 'status' : undefined}>
        {t(switched ? 'portfolio.detail.cash.nowRecorded' : 'portfolio.detail.cash.recorded')}
      </span>
    )
  }
  return (
    <>
      {t('portfolio.detail.cash.notRecorded')}{' '}
      <ConfirmAction
        lasting
        label={t('portfolio.detail.cash.start')}
        question={t('portfolio.detail.cash.question')}
        confirmLabel={t('portfolio.detail.cash.confirm')}
        disabled={!online || update.isPending}
        onConfirm={() => update.mutate({ id: portfolio.id, patch: { recordsCash: true } })}
      />
      {update.isError ? (
        <span className="notice notice--error" role="alert">
          {messageOf(update.error)}
        </span>
      ) : null}
    </>
  )
}
