import { useId, useState } from 'react'
import type { ImportResult } from '../../api/schemas'
import { useI18n } from '../../app/i18n-context'
import { formatNumber } from '../../i18n/format'
import { previewRows, rowsToImport } from './preview-rows'
import { PreviewTable } from './preview-table'

/**
 * Step three: what the file would do, checked by the API without writing anything: the
 * summary, then the rows (those with problems first), and why the import cannot go ahead yet.
 * Prices far from the known close can be confirmed as right (`onConfirmPrices`) when those are
 * a row's only problems.
 */
export function PreviewStep({
  result,
  confirmed = 0,
  onConfirmPrices,
}: {
  result: ImportResult
  /** How many far-off prices the user has confirmed so far. */
  confirmed?: number
  onConfirmPrices?: (rows: number[]) => void
}) {
  const { t, plural, locale } = useI18n()
  const [onlyProblems, setOnlyProblems] = useState(false)
  const filterId = useId()
  const { summary } = result
  const count = (value: number) => formatNumber(locale, value)
  const { shown, hidden } = previewRows(result.rows, onlyProblems && summary.withProblems > 0)
  const figures = [
    { label: t('import.dialog.preview.rows'), value: summary.rows },
    { label: t('import.dialog.preview.withProblems'), value: summary.withProblems },
    { label: t('import.dialog.preview.duplicates'), value: summary.duplicates },
    ...(summary.leftOut > 0
      ? [{ label: t('import.dialog.preview.leftOut'), value: summary.leftOut }]
      : []),
    { label: t('import.dialog.preview.newInstruments'), value: summary.newInstruments },
  ]
  const toImport = rowsToImport(summary)
  const farOff = result.rows
    .filter((row) => row.problems.some((problem) => problem.code === 'price_implausible'))
    .map((row) => row.row)
  return (
    <>
      <dl className="figures import-dialog__summary">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd className="figure">{count(figure.value)}</dd>
          </div>
        ))}
      </dl>
      {summary.withProblems > 0 ? (
        <p className="notice notice--error">
          {plural('import.dialog.preview.blocked', summary.withProblems, {
            count: count(summary.withProblems),
          })}
        </p>
      ) : toImport === 0 ? (
        <p className="notice">{t('import.dialog.preview.nothingNew')}</p>
      ) : null}
      {farOff.length > 0 && onConfirmPrices ? (
        <p>
          <button type="button" className="button" onClick={() => onConfirmPrices(farOff)}>
            {t('import.dialog.preview.confirmPrices')}
          </button>
        </p>
      ) : null}
      {confirmed > 0 ? (
        <p className="muted">
          {plural('import.dialog.preview.pricesConfirmed', confirmed, {
            count: count(confirmed),
          })}
        </p>
      ) : null}
      {summary.withProblems > 0 ? (
        <div className="field field--check">
          <input
            id={filterId}
            type="checkbox"
            checked={onlyProblems}
            onChange={(event) => setOnlyProblems(event.currentTarget.checked)}
          />
          <label htmlFor={filterId}>{t('import.dialog.preview.onlyProblems')}</label>
        </div>
      ) : null}
      <PreviewTable rows={shown} />
      {hidden > 0 ? (
        <p className="muted">
          {plural('import.dialog.preview.more', hidden, { count: count(hidden) })}
        </p>
      ) : null}
      <p className="muted import-dialog__legend">{t('import.dialog.preview.legend')}</p>
    </>
  )
}
