import { Suspense, useEffect, useId, useRef, useState } from 'react'
import type { ExportFormat, ImportResult, Portfolio } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { onDemand } from '../../app/on-demand'
import { formatNumber } from '../../../shared/i18n/format'
import { exportPath } from '../data/api-paths'
import { useOnline } from '../data/portfolio-queries'
import { useHandedOverOutcome } from './panel-handover'

// The dialog and the file reader load on first use, not with the portfolio screen.
const ImportDialog = onDemand(() =>
  import('../import-dialog/import-dialog').then((module) => module.default),
)

/**
 * The downloads offered: the spreadsheet export in the page's language, and Portfolio
 * Performance's CSV. The machine format (`kiymet`) is the API's, for scripts.
 */
const EXPORT_LABELS = {
  kiymet_spreadsheet: 'export.kiymet_spreadsheet',
  portfolio_performance: 'export.portfolioPerformance',
} as const satisfies Partial<Record<ExportFormat, string>>

const OFFERED_EXPORTS = Object.keys(EXPORT_LABELS) as (keyof typeof EXPORT_LABELS)[]

/**
 * Importing transactions from a file (a dialog) and downloading them as CSV (not offered with
 * `exports` false: an empty portfolio has nothing to download). Offline the import button says
 * why it does nothing; a download link needs the network as any link does.
 */
export function ImportExportPanel({
  portfolio,
  exports = true,
}: {
  portfolio: Portfolio
  exports?: boolean
}) {
  const { t, plural, locale, formatLocale } = useI18n()
  const online = useOnline()
  const [open, setOpen] = useState(false)
  const section = useRef<HTMLElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const [done, setDone] = useHandedOverOutcome<ImportResult>(
    `import:${portfolio.id}`,
    section,
    () => opener.current?.focus(),
  )
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
    <section ref={section} className="panel panel--bare" aria-labelledby={headingId}>
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
          onPointerEnter={() => void ImportDialog.preload()}
          onFocus={() => void ImportDialog.preload()}
          onClick={() => {
            if (!online) return
            setDone(null)
            setOpen(true)
          }}
        >
          {t('import.dialog.open')}
        </button>
        {exports
          ? OFFERED_EXPORTS.map((format) => (
              <a
                key={format}
                className="button"
                href={exportPath(portfolio.id, format, locale)}
                download
              >
                {t(EXPORT_LABELS[format])}
              </a>
            ))
          : null}
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
