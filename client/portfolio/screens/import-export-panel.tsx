import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import type { ImportResult, Portfolio } from '../../../shared/api/schemas'
import { EXPORT_FORMATS } from '../../../shared/api/schemas/import'
import { useI18n } from '../../app/i18n-context'
import { formatNumber } from '../../../shared/i18n/format'
import { exportPath } from '../data/api-paths'
import { useOnline } from '../data/portfolio-queries'

// The dialog and the file reader load on first use, not with the portfolio screen.
const ImportDialog = lazy(() => import('../import-dialog/import-dialog'))

const EXPORT_LABELS = {
  kiymet: 'export.kiymet',
  portfolio_performance: 'export.portfolioPerformance',
} as const satisfies Record<(typeof EXPORT_FORMATS)[number], string>

/**
 * Importing transactions from a file (a dialog) and downloading them as CSV. Offline the import
 * button says why it does nothing; a download link needs the network as any link does.
 */
export function ImportExportPanel({ portfolio }: { portfolio: Portfolio }) {
  const { t, plural, formatLocale } = useI18n()
  const online = useOnline()
  const [open, setOpen] = useState(false)
  const [done, setDone] = useState<ImportResult | null>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const offlineId = useId()
  const headingId = useId()
  const count = (value: number) => formatNumber(formatLocale, value)

  const close = (result: ImportResult | null) => {
    setOpen(false)
    if (result) setDone(result)
  }

  // Back to the button once the dialog is gone: while a modal dialog is open the rest of the
  // page is inert, so focusing the button any earlier does nothing.
  const wasOpen = useRef(false)
  useEffect(() => {
    if (open) wasOpen.current = true
    else if (wasOpen.current) {
      wasOpen.current = false
      opener.current?.focus()
    }
  }, [open])

  return (
    <section className="panel panel--bare" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t('import.dialog.panelHeading')}
      </h2>
      <div className="row-actions import-export">
        <button
          ref={opener}
          type="button"
          className="button"
          aria-disabled={!online}
          aria-describedby={online ? undefined : offlineId}
          onClick={() => {
            if (!online) return
            setDone(null)
            setOpen(true)
          }}
        >
          {t('import.dialog.open')}
        </button>
        {EXPORT_FORMATS.map((format) => (
          <a key={format} className="button" href={exportPath(portfolio.id, format)} download>
            {t(EXPORT_LABELS[format])}
          </a>
        ))}
      </div>
      {online ? null : (
        <p id={offlineId} className="muted">
          {t('import.dialog.offline')}
        </p>
      )}
      <p className="form-status" role="status">
        {done ? (
          <span className="form-status__success">
            {plural('import.dialog.done.imported', done.written, { count: count(done.written) })}
            {done.summary.duplicates > 0
              ? ` ${plural('import.dialog.done.skipped', done.summary.duplicates, {
                  count: count(done.summary.duplicates),
                })}`
              : ''}
          </span>
        ) : null}
      </p>
      {open ? (
        <Suspense fallback={null}>
          <ImportDialog portfolio={portfolio} onClose={close} />
        </Suspense>
      ) : null}
    </section>
  )
}
