import { useEffect, useId, useRef, useState, type RefObject } from 'react'
import { IMPORT_ENCODINGS } from '../../../shared/api/schemas/import'
import { useI18n } from '../../app/i18n-context'
import { formatNumber } from '../../../shared/i18n/format'
import type { PdfFileReading } from '../../import/pdf/pdf-table'
import type { PdfFormat } from '../../import/pdf/pdf-rows'
import type { ImportTable } from '../../../shared/import/read-table'
import { FormField } from '../../components/form-field'
import type { ReadChoice } from './import-settings'
import { separatorName, sizeLimitText } from './import-texts'

/** The file types the dialog offers; the file's content decides what it really is. */
export const ACCEPTED_FILES =
  '.csv,.txt,.json,.xlsx,.pdf,text/csv,text/plain,application/json,application/pdf,' +
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const SEPARATORS = [',', ';', '\t'] as const

/**
 * Step one: choose (or drop) a file and, when detection guesses wrong, its encoding and
 * separator; or several PDF documents, read on this device. Says what was read, or why the file
 * cannot be read.
 */
export function UploadStep(props: {
  read: ReadChoice
  onReadChange(read: ReadChoice): void
  fileName: string | null
  table: ImportTable | null
  refusal: string | null
  reading: boolean
  onFiles(files: File[]): void
  /** What became of each PDF document, when PDFs were chosen. */
  pdfs: readonly PdfFileReading[] | null
  fileInput: RefObject<HTMLInputElement | null>
}) {
  const { t, formatLocale } = useI18n()
  const [dragging, setDragging] = useState(false)
  const inputId = useId()
  const { table } = props
  return (
    <>
      <div
        className={dragging ? 'drop-zone drop-zone--active' : 'drop-zone'}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault()
          setDragging(false)
          props.onFiles([...event.dataTransfer.files])
        }}
      >
        {/* The browser's own file button speaks the browser's language, not the page's: a
            label styled as a button stands in for it, the input stays focusable under it. */}
        <div className="file-picker">
          <input
            id={inputId}
            ref={props.fileInput}
            className="file-picker__input"
            type="file"
            accept={ACCEPTED_FILES}
            multiple
            aria-describedby={`${inputId}-name ${inputId}-hint`}
            onChange={(event) => props.onFiles([...(event.currentTarget.files ?? [])])}
          />
          <label htmlFor={inputId} className="button">
            {t('import.dialog.upload.choose')}
          </label>
          <span id={`${inputId}-name`} className="file-picker__name">
            {props.fileName ?? t('import.dialog.upload.noFile')}
          </span>
        </div>
        <p id={`${inputId}-hint`} className="field__hint">
          {t('import.dialog.upload.fileHint', { size: sizeLimitText(formatLocale) })}
        </p>
        <p className="drop-zone__hint" aria-hidden="true">
          {t('import.dialog.upload.drop')}
        </p>
      </div>
      {props.pdfs ? null : (
        <div className="import-dialog__options">
          <FormField label={t('import.dialog.upload.encoding')}>
            {(control) => (
              <select
                {...control}
                value={props.read.encoding}
                onChange={(event) =>
                  props.onReadChange({
                    ...props.read,
                    encoding: event.currentTarget.value as ReadChoice['encoding'],
                  })
                }
              >
                <option value="auto">{t('import.dialog.auto')}</option>
                {IMPORT_ENCODINGS.map((encoding) => (
                  <option key={encoding} value={encoding}>
                    {t(`import.dialog.encodings.${encoding}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={t('import.dialog.upload.separator')}>
            {(control) => (
              <select
                {...control}
                value={props.read.separator}
                onChange={(event) =>
                  props.onReadChange({
                    ...props.read,
                    separator: event.currentTarget.value as ReadChoice['separator'],
                  })
                }
              >
                <option value="auto">{t('import.dialog.auto')}</option>
                {SEPARATORS.map((separator) => (
                  <option key={separator} value={separator}>
                    {separatorName(t, separator)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      )}
      <div role="status" className="import-dialog__status">
        {props.reading ? <p>{t('import.dialog.upload.reading')}</p> : null}
        {!props.reading && props.pdfs ? <PdfOutcomes pdfs={props.pdfs} /> : null}
        {!props.reading && !props.pdfs && table && props.fileName && !props.refusal ? (
          <div className="notice">
            <p>{t('import.dialog.upload.read', { file: props.fileName })}</p>
            <dl className="figures import-dialog__detected">
              <div>
                <dt>{t('import.dialog.upload.encoding')}</dt>
                <dd>{t(`import.dialog.encodings.${table.encoding}`)}</dd>
              </div>
              <div>
                <dt>{t('import.dialog.upload.separator')}</dt>
                <dd>
                  {table.separator === null
                    ? t('import.dialog.upload.json')
                    : separatorName(t, table.separator)}
                </dd>
              </div>
              <div>
                <dt>{t('import.dialog.upload.rows')}</dt>
                <dd>{formatNumber(formatLocale, table.rows.length)}</dd>
              </div>
            </dl>
          </div>
        ) : null}
      </div>
      {props.refusal && !props.reading ? (
        <p className="notice notice--error" role="alert">
          {props.refusal}
        </p>
      ) : null}
    </>
  )
}

const BROKER_NAMES: Record<PdfFormat, string> = {
  trade_republic: 'Trade Republic',
  scalable_capital: 'Scalable Capital',
  midas: 'Midas',
}

/**
 * Each PDF document and what was read from it, or why nothing was; focused when it appears, as
 * on a phone it lies below the fold.
 */
function PdfOutcomes({ pdfs }: { pdfs: readonly PdfFileReading[] }) {
  const { t, plural, formatLocale } = useI18n()
  const files = formatNumber(formatLocale, pdfs.length)
  const outcomes = useRef<HTMLDivElement>(null)
  useEffect(() => {
    outcomes.current?.focus()
  }, [pdfs])
  return (
    <div ref={outcomes} className="notice" tabIndex={-1}>
      <p>{plural('import.dialog.upload.pdfsRead', pdfs.length, { files })}</p>
      <ul className="import-dialog__pdfs">
        {pdfs.map((pdf, index) => {
          const broker = pdf.format === null ? '' : BROKER_NAMES[pdf.format]
          return (
            <li key={index}>
              <span className="import-dialog__pdf-name">{pdf.name}</span> —{' '}
              {pdf.ok ? (
                <>
                  {plural('import.pdf.rows', pdf.rows.length, {
                    broker,
                    count: formatNumber(formatLocale, pdf.rows.length),
                  })}
                  {pdf.leftOut.length > 0 ? (
                    <ul>
                      {pdf.leftOut.map((left, at) => (
                        <li key={at} className="muted">
                          {t(`import.pdf.leftOut.${left.reason}`, { line: left.line })}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </>
              ) : (
                <span className="import-dialog__pdf-problem">
                  {t(`import.pdf.${pdf.problem}`, { broker, detail: pdf.detail })}
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
