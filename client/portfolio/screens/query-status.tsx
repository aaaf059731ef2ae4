import type { UseQueryResult } from '@tanstack/react-query'
import { useI18n } from '../../app/i18n-context'
import { ApiError } from '../../api/api-client'
import { OfflineError } from '../../api/api-client'

/** The message of a failed request: the API's own (localized) or the offline one. */
export function useErrorMessage(): (error: unknown) => string {
  const { t } = useI18n()
  return (error) => {
    if (error instanceof OfflineError) return t('portfolio.offline.refused')
    if (error instanceof ApiError) return error.message
    return t('portfolio.common.failed')
  }
}

/** What a query shows before it has data: that it loads, or why it failed, with a retry. */
export function QueryStatus({ query }: { query: UseQueryResult<unknown> }) {
  const { t } = useI18n()
  const messageOf = useErrorMessage()
  if (query.isError) {
    return (
      <div className="notice notice--error" role="alert">
        <p>
          {query.error instanceof OfflineError
            ? t('portfolio.offline.notKept')
            : messageOf(query.error)}
        </p>
        <button type="button" className="button button--small" onClick={() => void query.refetch()}>
          {t('portfolio.common.retry')}
        </button>
      </div>
    )
  }
  return (
    <p className="loading" role="status">
      {t('portfolio.common.loading')}
    </p>
  )
}
