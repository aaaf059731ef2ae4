import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { ImportField, ImportResult, Portfolio } from '../../../shared/api/schemas'
import { IMPORT_LIMITS } from '../../../shared/api/schemas/import'
import { ApiError } from '../../api/api-client'
import { useI18n } from '../../app/i18n-context'
import { formatNumber } from '../../../shared/i18n/format'
import type { PdfFileReading } from '../../import/pdf/pdf-table'
import { readImportTable, type ImportTable } from '../../../shared/import/read-table'
import { missingImportFields } from '../../../shared/import/required-fields'
import { useImportCommit, useImportPreview } from '../data/import-requests'
import { useUpdatePortfolio } from '../data/portfolio-mutations'
import { useOnline } from '../data/portfolio-queries'
import { useErrorMessage } from '../screens/query-status'
import {
  AUTO_READ,
  importForm,
  initialChoice,
  NO_DECISIONS,
  presetChoice,
  type MapChoice,
  type ReadChoice,
  type RowDecisions,
} from './import-settings'
import { fileProblemText } from './import-texts'
import { MapStep } from './map-step'
import { rowsToImport } from './preview-rows'
import { isPdf, MAX_PDFS, readPdfs } from './pdf-source'
import { PreviewStep } from './preview-step'
import { StepIndicator, type ImportStep } from './step-indicator'
import { UploadStep } from './upload-step'

const FILE_NAME = /\.(csv|txt|json|xlsx|pdf)$/i

/**
 * Imports a file of transactions into a portfolio in three steps: upload (read in the browser),
 * map (columns to fields), preview (checked by the API without writing); then, confirmed, all
 * rows are written at once. A modal `<dialog>`: Escape closes it, focus stays inside and moves
 * to each step's heading. Closes with the result of the import, or null when cancelled.
 */
export default function ImportDialog(props: {
  portfolio: Portfolio
  onClose(result: ImportResult | null): void
}) {
  const translator = useI18n()
  const { t, plural, formatLocale } = translator
  const online = useOnline()
  const messageOf = useErrorMessage()
  const element = useRef<HTMLDialogElement>(null)
  const stepHeading = useRef<HTMLHeadingElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const headingId = useId()
  const missingId = useId()
  const offlineId = useId()
  const fieldIds = useId()
  const fieldId = (field: ImportField) => `${fieldIds}-${field}`

  const [step, setStep] = useState<ImportStep>('upload')
  const [read, setRead] = useState<ReadChoice>(AUTO_READ)
  const [source, setSource] = useState<{ file: File; bytes: Uint8Array } | null>(null)
  // What became of each PDF document chosen, when the source was read from PDFs.
  const [pdfs, setPdfs] = useState<readonly PdfFileReading[] | null>(null)
  const [refused, setRefused] = useState<string | null>(null)
  const [chosenName, setChosenName] = useState<string | null>(null)
  const [reading, setReading] = useState(false)
  const [edited, setEdited] = useState<{ choice: MapChoice; of: ImportTable } | null>(null)
  // What the user decided about rows, for the preview they decided it in.
  const [decisions, setDecisions] = useState<RowDecisions>(NO_DECISIONS)
  const updatePortfolio = useUpdatePortfolio()
  const [cashRecorded, setCashRecorded] = useState(false)
  const preview = useImportPreview(props.portfolio.id)
  const commit = useImportCommit(props.portfolio.id)

  // The table follows the file and the reading choices; the mapping starts from what the
  // table suggests and keeps the user's changes until another table replaces it.
  const readResult = useMemo(
    () => (source ? readImportTable(source.bytes, read) : null),
    [source, read],
  )
  const table = readResult?.ok ? readResult.table : null
  // Rows read from PDFs come in this app's CSV, read as its PDF documents preset.
  const suggested = useMemo(
    () =>
      table ? (pdfs ? presetChoice('pdf_documents', table.headers) : initialChoice(table)) : null,
    [table, pdfs],
  )
  const choice = edited && edited.of === table ? edited.choice : suggested
  const missing = choice ? missingImportFields(choice.mapping) : []
  const refusal =
    refused ??
    (readResult && !readResult.ok
      ? fileProblemText(translator, readResult.problem, readResult.row)
      : null)

  useEffect(() => {
    const node = element.current
    if (!node) return
    node.showModal()
    fileInput.current?.focus()
  }, [])
  const firstStep = useRef(true)
  useEffect(() => {
    if (firstStep.current) firstStep.current = false
    else stepHeading.current?.focus()
  }, [step])

  /** One table, or several PDF documents read on the device into one. */
  async function chooseFiles(files: readonly File[]) {
    const [first] = files
    if (!first) return
    preview.reset()
    setDecisions(NO_DECISIONS)
    setEdited(null)
    setSource(null)
    setPdfs(null)
    setChosenName(files.map((file) => file.name).join(', '))
    const documents = files.every(isPdf)
    if (files.length > 1 && !documents)
      return setRefused(t('import.dialog.upload.onlyPdfsTogether'))
    if (files.some((file) => !FILE_NAME.test(file.name)))
      return setRefused(t('import.dialog.upload.wrongType'))
    if (files.length > MAX_PDFS)
      return setRefused(
        t('import.dialog.upload.tooManyPdfs', { count: formatNumber(formatLocale, MAX_PDFS) }),
      )
    // Refused before a byte is read: a huge file would only freeze the page.
    if (files.some((file) => file.size > IMPORT_LIMITS.bytes))
      return setRefused(fileProblemText(translator, 'file_too_large'))
    setRefused(null)
    setReading(true)
    try {
      if (documents) {
        const { readings, csv } = await readPdfs(files)
        setPdfs(readings)
        if (csv === null) setRefused(t('import.dialog.upload.noPdfRows'))
        else setSource({ file: csv, bytes: new Uint8Array(await csv.arrayBuffer()) })
      } else {
        setSource({ file: first, bytes: new Uint8Array(await first.arrayBuffer()) })
      }
    } catch {
      setRefused(t('import.dialog.upload.unreadable'))
    } finally {
      setReading(false)
      // The same file, corrected, may be chosen again: the input must report it as a change.
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  function check() {
    if (!source || !table || !choice) return
    if (missing.length > 0) {
      document.getElementById(fieldId(missing[0] ?? 'date'))?.focus()
      return
    }
    if (!online) return
    setStep('preview')
    commit.reset()
    setDecisions(NO_DECISIONS)
    preview.mutate(importForm(source.file, table, choice, true))
  }

  /** Previews again with a decision about rows added. */
  function decide(change: Partial<RowDecisions>) {
    if (!source || !table || !choice || !online) return
    const next = { ...decisions, ...change }
    setDecisions(next)
    preview.mutate(importForm(source.file, table, choice, true, next))
  }

  function confirmPrices(rows: readonly number[]) {
    const all = [...new Set([...decisions.confirmedPrices, ...rows])].sort((a, b) => a - b)
    decide({ confirmedPrices: all })
  }

  /**
   * Starts recording cash in the portfolio, then previews again: its deposits now fit. Says so,
   * and keeps the focus in the dialog (on the step's heading) as the decision's buttons go.
   */
  function recordCash() {
    if (!online || updatePortfolio.isPending) return
    updatePortfolio.mutate(
      { id: props.portfolio.id, patch: { recordsCash: true } },
      {
        onSuccess: () => {
          setCashRecorded(true)
          stepHeading.current?.focus()
          decide({ leaveOutCash: false })
        },
      },
    )
  }

  function confirm() {
    if (!source || !table || !choice || !online) return
    commit.mutate(importForm(source.file, table, choice, false, decisions), {
      onSuccess: (result) => props.onClose(result),
      // The portfolio changed since the preview (another tab, another device): show it anew.
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'import_has_problems') {
          preview.mutate(importForm(source.file, table, choice, true, decisions))
        }
      },
    })
  }

  const result = preview.data
  const toImport = result ? rowsToImport(result.summary) : 0
  const canImport = result !== undefined && result.summary.withProblems === 0 && toImport > 0
  const busy = preview.isPending || commit.isPending
  const offlineNote = online ? null : (
    <p id={offlineId} className="muted">
      {t('import.dialog.offline')}
    </p>
  )

  // Without a readable table (another encoding chosen after going back) only the upload step fits.
  const shown: ImportStep = table && choice ? step : 'upload'
  let body
  let actions
  if (shown === 'upload' || !table || !choice) {
    body = (
      <UploadStep
        read={read}
        onReadChange={(next) => {
          preview.reset()
          setRead(next)
        }}
        fileName={chosenName}
        table={table}
        refusal={refusal}
        reading={reading}
        onFiles={(files) => void chooseFiles(files)}
        pdfs={pdfs}
        fileInput={fileInput}
      />
    )
    actions = (
      <button
        type="button"
        className="button button--primary"
        aria-disabled={!table}
        // Rows read from PDFs have nothing to map: they go straight to the check.
        onClick={() => table && (pdfs ? check() : setStep('map'))}
      >
        {t('import.dialog.next')}
      </button>
    )
  } else if (shown === 'map') {
    body = (
      <MapStep
        table={table}
        choice={choice}
        onChange={(next) => {
          preview.reset()
          setEdited({ choice: next, of: table })
        }}
        missing={missing}
        missingId={missingId}
        fieldId={fieldId}
      />
    )
    actions = (
      <>
        <button type="button" className="button" onClick={() => setStep('upload')}>
          {t('import.dialog.back')}
        </button>
        <button
          type="button"
          className="button button--primary"
          aria-disabled={missing.length > 0 || !online}
          aria-describedby={missing.length > 0 ? missingId : online ? undefined : offlineId}
          onClick={check}
        >
          {t('import.dialog.check')}
        </button>
      </>
    )
  } else {
    body = preview.isPending ? (
      <p className="loading" role="status">
        {t('import.dialog.preview.checking')}
      </p>
    ) : preview.isError ? (
      <div className="notice notice--error" role="alert">
        <p>{messageOf(preview.error)}</p>
        <button type="button" className="button button--small" onClick={check}>
          {t('portfolio.common.retry')}
        </button>
      </div>
    ) : result ? (
      <PreviewStep
        result={result}
        decisions={decisions}
        onConfirmPrices={online ? confirmPrices : undefined}
        onLeaveOutCash={online ? () => decide({ leaveOutCash: true }) : undefined}
        onUndoLeaveOutCash={online ? () => decide({ leaveOutCash: false }) : undefined}
        onRecordCash={online && !updatePortfolio.isPending ? recordCash : undefined}
        recordCashError={updatePortfolio.isError ? messageOf(updatePortfolio.error) : null}
      />
    ) : null
    actions = (
      <>
        <button
          type="button"
          className="button"
          disabled={commit.isPending}
          onClick={() => setStep(pdfs ? 'upload' : 'map')}
        >
          {t('import.dialog.back')}
        </button>
        <button
          type="button"
          className="button button--primary"
          aria-disabled={!canImport || !online || busy}
          aria-describedby={online ? undefined : offlineId}
          onClick={() => canImport && !busy && confirm()}
        >
          {commit.isPending
            ? t('import.dialog.importing')
            : canImport
              ? plural('import.dialog.submit', toImport, {
                  count: formatNumber(formatLocale, toImport),
                })
              : t('import.dialog.submitBlocked')}
        </button>
      </>
    )
  }

  return (
    <dialog
      ref={element}
      className="import-dialog"
      aria-labelledby={headingId}
      onCancel={(event) => {
        event.preventDefault()
        if (!commit.isPending) props.onClose(null)
      }}
    >
      <div className="import-dialog__header">
        <h2 id={headingId}>{t('import.dialog.heading')}</h2>
        <button
          type="button"
          className="import-dialog__close"
          aria-label={t('import.dialog.close')}
          disabled={commit.isPending}
          onClick={() => props.onClose(null)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <StepIndicator step={shown} />
      <div className="import-dialog__body">
        <h3 ref={stepHeading} tabIndex={-1} className="import-dialog__step">
          {t(`import.dialog.steps.${shown}`)}
        </h3>
        <div role="status">
          {cashRecorded && shown === 'preview' ? (
            <p className="notice">{t('portfolio.detail.cash.nowRecorded')}</p>
          ) : null}
        </div>
        {body}
        <div role="alert">
          {commit.isError ? (
            <p className="notice notice--error">{messageOf(commit.error)}</p>
          ) : null}
        </div>
      </div>
      <div className="import-dialog__footer">
        {offlineNote}
        <div className="import-dialog__actions">{actions}</div>
      </div>
    </dialog>
  )
}
