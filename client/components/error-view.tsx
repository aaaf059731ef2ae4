import { useI18n } from '../app/i18n-context'
import type { ErrorScreen } from '../app/app-state'
import { buildPath } from '../../shared/routes/build-path'

/**
 * The 404 screen and the fallback for every other error: the status code, "Ooops." and the
 * message, exactly as the specification words them, with a localized explanation.
 */
export function ErrorView({ error }: { error: Omit<ErrorScreen, 'kind'> }) {
  const { t, locale } = useI18n()
  const notFound = error.status === 404
  return (
    <section className="error-view" aria-labelledby="page-heading">
      <p className="error-view__status">{error.status}</p>
      <h1 id="page-heading" tabIndex={-1}>
        Ooops.
      </h1>
      <p className="error-view__message">{error.message}</p>
      <p>{notFound ? t('errors.notFoundHeading') : t('errors.fallbackHint')}</p>
      {notFound && <p>{t('errors.notFoundHint')}</p>}
      {error.requestId && (
        <p className="error-view__reference">{t('errors.reference', { id: error.requestId })}</p>
      )}
      <p>
        <a className="button" href={buildPath('home', locale)}>
          {t('errors.backHome')}
        </a>
      </p>
    </section>
  )
}

/**
 * The fallback for a screen that failed in the browser: status 500 and the same localized message
 * the worker shows for an internal error, never the exception's own text.
 */
export function InternalErrorView({ path }: { path: string }) {
  const { t } = useI18n()
  return (
    <ErrorView
      error={{ status: 500, message: t('errors.internalMessage'), path, requestId: null }}
    />
  )
}
