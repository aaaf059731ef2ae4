import { useId, useState } from 'react'
import type { ImportResult } from '../../../shared/api/schemas'
import type { ImportRowProblem } from '../../../shared/api/schemas/import'
import { useI18n } from '../../app/i18n-context'
import { formatNumber } from '../../../shared/i18n/format'
import { NO_DECISIONS, type RowDecisions } from './import-settings'
import { previewRows, rowsToImport } from './preview-rows'
import { PreviewTable } from './preview-table'

/**
 * Step three: what the file would do, checked by the API without writing anything: the
 * summary, then the rows (those with problems first), and why the import cannot go ahead yet.
 * What the user can decide here: prices far from the known close confirmed as right, and
 * deposits and withdrawals in a portfolio without cash left out, or cash recorded there and then.
 * Without a handler (offline) a decision is not offered.
 */
export function PreviewStep({
  result,
  decisions = NO_DECISIONS,
  onConfirmPrices,
  onLeaveOutCash,
  onUndoLeaveOutCash,
  onRecordCash,
  recordCashError = null,
}: {
  result: ImportResult
  decisions?: RowDecisions
  onConfirmPrices?: (rows: number[]) => void
  onLeaveOutCash?: () => void
  onUndoLeaveOutCash?: () => void
  onRecordCash?: () => void
  recordCashError?: string | null
}) {
  const { t, plural, formatLocale } = useI18n()
  const [onlyProblems, setOnlyProblems] = useState(false)
  const filterId = useId()
  const { summary } = result
  const count = (value: number) => formatNumber(formatLocale, value)
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
  const rowsWith = (code: ImportRowProblem) =>
    result.rows
      .filter((row) => row.problems.some((problem) => problem.code === code))
      .map((row) => row.row)
  const farOff = rowsWith('price_implausible')
  const cashRows = rowsWith('cash_not_recorded')
  // When deposits in a portfolio without cash are all that stops the import, the decision below
  // is the way on, not the file.
  const cashOnly =
    cashRows.length > 0 &&
    cashRows.length === summary.withProblems &&
    result.rows.every((row) =>
      row.problems.every((problem) => problem.code === 'cash_not_recorded'),
    )
  const confirmed = decisions.confirmedPrices.length
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
      {summary.withProblems > 0 && cashOnly ? (
        <p className="notice notice--error">
          {plural('import.dialog.preview.cashOnly', cashRows.length, {
            count: count(cashRows.length),
          })}
        </p>
      ) : summary.withProblems > 0 ? (
        <p className="notice notice--error">
          {plural('import.dialog.preview.blocked', summary.withProblems, {
            count: count(summary.withProblems),
          })}
        </p>
      ) : toImport === 0 ? (
        <p className="notice">{t('import.dialog.preview.nothingNew')}</p>
      ) : null}
      {cashRows.length > 0 ? (
        <div className="notice import-dialog__decision">
          <p>
            {plural('import.dialog.preview.cashRows', cashRows.length, {
              count: count(cashRows.length),
            })}
          </p>
          {onRecordCash ? <p className="muted">{t('portfolio.detail.cash.question')}</p> : null}
          <div className="actions">
            {onLeaveOutCash ? (
              <button type="button" className="button" onClick={onLeaveOutCash}>
                {t('import.dialog.preview.leaveOutCash')}
              </button>
            ) : null}
            {onRecordCash ? (
              <button type="button" className="button" onClick={onRecordCash}>
                {t('import.dialog.preview.recordCash')}
              </button>
            ) : null}
          </div>
          {recordCashError ? (
            <p className="notice notice--error" role="alert">
              {recordCashError}
            </p>
          ) : null}
        </div>
      ) : null}
      {decisions.leaveOutCash ? (
        <p className="muted">
          {t('import.dialog.preview.cashLeftOut')}{' '}
          {onUndoLeaveOutCash ? (
            <button type="button" className="button button--small" onClick={onUndoLeaveOutCash}>
              {t('import.dialog.preview.undo')}
            </button>
          ) : null}
        </p>
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
