import type { ImportField } from '../../../shared/api/schemas'
import { IMPORT_FIELDS, IMPORT_PRESETS } from '../../../shared/api/schemas/import'
import { useI18n } from '../../app/i18n-context'
import { localeInfo } from '../../../shared/i18n/locales'
import { detectPreset } from '../../../shared/import/presets'
import type { ImportTable } from '../../../shared/import/read-table'
import { INSTRUMENT_FIELDS, REQUIRED_IMPORT_FIELDS } from '../../../shared/import/required-fields'
import { FormField } from '../../components/form-field'
import { ScrollTable, cardCell } from '../screens/scroll-table'
import { presetChoice, type MapChoice } from './import-settings'
import { SavedMappings } from './saved-mappings'

/** Rows of the file shown under their headers, enough to recognise each column. */
const SAMPLE_ROWS = 5

const REQUIRED: ReadonlySet<ImportField> = new Set(REQUIRED_IMPORT_FIELDS)
const EITHER: ReadonlySet<ImportField> = new Set(INSTRUMENT_FIELDS)

/**
 * Step two: which column holds each field, filled by the preset (detected from the headers or
 * chosen), or by a saved mapping; how the file writes numbers and dates; the first rows to
 * check against. Says which required field still has no column.
 */
export function MapStep(props: {
  table: ImportTable
  choice: MapChoice
  onChange(choice: MapChoice): void
  missing: ImportField[]
  missingId: string
  fieldId(field: ImportField): string
}) {
  const { t, locale } = useI18n()
  const { table, choice } = props
  const list = new Intl.ListFormat(localeInfo(locale).iso, { type: 'conjunction' })
  const detected = detectPreset(table)
  const set = (patch: Partial<MapChoice>) => props.onChange({ ...choice, ...patch })
  const fieldLabel = (field: ImportField) =>
    REQUIRED.has(field)
      ? t('import.dialog.map.required', { field: t(`import.dialog.fields.${field}`) })
      : t(`import.dialog.fields.${field}`)
  return (
    <>
      <div className="import-dialog__options">
        <FormField
          label={t('import.dialog.map.preset')}
          hint={
            detected
              ? t('import.dialog.map.detected', { preset: t(`import.dialog.presets.${detected}`) })
              : t('import.dialog.map.notDetected')
          }
        >
          {(control) => (
            <select
              {...control}
              value={choice.preset}
              onChange={(event) =>
                props.onChange(
                  presetChoice(event.currentTarget.value as MapChoice['preset'], table.headers),
                )
              }
            >
              {IMPORT_PRESETS.map((preset) => (
                <option key={preset} value={preset}>
                  {t(`import.dialog.presets.${preset}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('import.dialog.map.decimal')}>
          {(control) => (
            <select
              {...control}
              value={choice.decimalSeparator}
              onChange={(event) =>
                set({
                  decimalSeparator: event.currentTarget.value as MapChoice['decimalSeparator'],
                })
              }
            >
              <option value="auto">{t('import.dialog.auto')}</option>
              <option value=".">{t('import.dialog.map.decimalPoint')}</option>
              <option value=",">{t('import.dialog.map.decimalComma')}</option>
            </select>
          )}
        </FormField>
        <FormField label={t('import.dialog.map.dateOrder')}>
          {(control) => (
            <select
              {...control}
              value={choice.dateOrder}
              onChange={(event) =>
                set({ dateOrder: event.currentTarget.value as MapChoice['dateOrder'] })
              }
            >
              <option value="auto">{t('import.dialog.auto')}</option>
              <option value="DMY">{t('import.dialog.map.dmy')}</option>
              <option value="MDY">{t('import.dialog.map.mdy')}</option>
            </select>
          )}
        </FormField>
      </div>
      <SavedMappings table={table} choice={choice} onApply={props.onChange} />
      <ScrollTable caption={t('import.dialog.map.sample')} className="import-sample">
        <thead>
          <tr>
            {table.headers.map((header, index) => (
              <th key={index} scope="col" className="text">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.slice(0, SAMPLE_ROWS).map((row, rowIndex) => (
            <tr key={rowIndex}>
              {table.headers.map((header, index) => (
                <td key={index} {...cardCell('line', header, 'text')}>
                  {row[index] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <fieldset className="import-dialog__fields">
        <legend>{t('import.dialog.map.columns')}</legend>
        <p className="field__hint">{t('import.dialog.map.columnsHint')}</p>
        <div className="import-dialog__grid">
          {IMPORT_FIELDS.map((field) => (
            <div key={field} className="field">
              <label htmlFor={props.fieldId(field)}>{fieldLabel(field)}</label>
              <select
                id={props.fieldId(field)}
                value={choice.mapping[field] ?? ''}
                aria-invalid={props.missing.includes(field) ? true : undefined}
                aria-describedby={
                  EITHER.has(field) || props.missing.includes(field)
                    ? [
                        EITHER.has(field) ? `${props.missingId}-either` : null,
                        props.missing.includes(field) ? props.missingId : null,
                      ]
                        .filter(Boolean)
                        .join(' ')
                    : undefined
                }
                onChange={(event) => {
                  const column = event.currentTarget.value
                  const mapping = { ...choice.mapping }
                  if (column) mapping[field] = column
                  else delete mapping[field]
                  set({ mapping })
                }}
              >
                <option value="">{t('import.dialog.map.noColumn')}</option>
                {table.headers.map((header, index) => (
                  <option key={index} value={header}>
                    {header}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
        <p id={`${props.missingId}-either`} className="field__hint">
          {t('import.dialog.map.codeOrIsin')}
        </p>
      </fieldset>
      <div role="status">
        {props.missing.length > 0 ? (
          <p id={props.missingId} className="notice notice--error">
            {t('import.dialog.map.missing', {
              fields: list.format(
                props.missing.map((field) =>
                  field === 'code'
                    ? t('import.dialog.map.codeOrIsinShort')
                    : t(`import.dialog.fields.${field}`),
                ),
              ),
            })}
          </p>
        ) : null}
      </div>
    </>
  )
}
