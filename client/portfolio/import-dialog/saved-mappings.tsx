import { useState } from 'react'
import { savedImportMappingWriteSchema } from '../../../shared/api/schemas/import'
import { useI18n } from '../../app/i18n-context'
import type { ImportTable } from '../../../shared/import/read-table'
import { useSavedImportMappingChanges } from '../data/import-requests'
import { useSavedImportMappings } from '../data/portfolio-queries'
import { FormField } from '../../components/form-field'
import { ConfirmAction } from '../screens/confirm-action'
import { useErrorMessage } from '../screens/query-status'
import { savedChoice, type MapChoice } from './import-settings'

const NAME_ERRORS = {
  required: 'import.dialog.saved.nameRequired',
  too_long: 'import.dialog.saved.nameTooLong',
} as const

/**
 * Mappings the user saved for files of a layout they import again: apply one to this file,
 * save the current one under a name, or delete one.
 */
export function SavedMappings(props: {
  table: ImportTable
  choice: MapChoice
  onApply(choice: MapChoice): void
}) {
  const { t } = useI18n()
  const messageOf = useErrorMessage()
  const query = useSavedImportMappings()
  const { save, remove } = useSavedImportMappingChanges()
  const mappings = query.data?.body.mappings ?? []
  const [selected, setSelected] = useState('')
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const chosen = mappings.find((mapping) => mapping.id === selected) ?? mappings[0]
  const failure = [query.error, save.error, remove.error].find(Boolean)

  const saveCurrent = () => {
    const checked = savedImportMappingWriteSchema.shape.name.safeParse(name)
    if (!checked.success) {
      const code = checked.error.issues[0]?.message
      setNameError(t(code === 'too_long' ? NAME_ERRORS.too_long : NAME_ERRORS.required))
      return
    }
    setNameError(null)
    setStatus(null)
    const { choice } = props
    save.mutate(
      {
        name: checked.data,
        mapping: choice.mapping,
        // The file is read (its encoding and separator detected or chosen) before a mapping
        // is applied, so a saved mapping keeps only how the cells are read.
        options: {
          encoding: 'auto',
          separator: 'auto',
          decimalSeparator: choice.decimalSeparator,
          dateOrder: choice.dateOrder,
        },
      },
      {
        onSuccess: (saved) => {
          setName('')
          setSelected(saved?.id ?? '')
          setStatus(t('import.dialog.saved.savedAs', { name: checked.data }))
        },
      },
    )
  }

  return (
    <details className="import-saved">
      <summary>
        {t('import.dialog.saved.heading')}
        {mappings.length > 0 ? ` (${mappings.length})` : ''}
      </summary>
      <div className="import-saved__body">
        {mappings.length > 0 && chosen ? (
          <div className="inline-form">
            <FormField label={t('import.dialog.saved.choose')}>
              {(control) => (
                <select
                  {...control}
                  value={chosen.id}
                  onChange={(event) => setSelected(event.currentTarget.value)}
                >
                  {mappings.map((mapping) => (
                    <option key={mapping.id} value={mapping.id}>
                      {mapping.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <div className="row-actions">
              <button
                type="button"
                className="button button--small"
                onClick={() => {
                  props.onApply(savedChoice(chosen, props.choice.preset, props.table.headers))
                  setStatus(t('import.dialog.saved.applied', { name: chosen.name }))
                }}
              >
                {t('import.dialog.saved.apply')}
              </button>
              <ConfirmAction
                label={t('portfolio.common.delete')}
                labelFor={t('import.dialog.saved.deleteOne', { name: chosen.name })}
                question={t('import.dialog.saved.deleteQuestion', { name: chosen.name })}
                confirmLabel={t('portfolio.common.delete')}
                disabled={remove.isPending}
                onConfirm={() =>
                  remove.mutate(chosen.id, {
                    onSuccess: () => {
                      setSelected('')
                      setStatus(t('import.dialog.saved.deleted', { name: chosen.name }))
                    },
                  })
                }
              />
            </div>
          </div>
        ) : (
          <p className="muted">
            {query.isPending ? t('portfolio.common.loading') : t('import.dialog.saved.none')}
          </p>
        )}
        <div className="inline-form">
          <FormField label={t('import.dialog.saved.name')} error={nameError}>
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="off"
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
              />
            )}
          </FormField>
          <button
            type="button"
            className="button button--small"
            disabled={save.isPending}
            onClick={saveCurrent}
          >
            {save.isPending ? t('portfolio.common.saving') : t('import.dialog.saved.save')}
          </button>
        </div>
        <div role="status">
          {failure ? (
            <p className="field__error">{messageOf(failure)}</p>
          ) : status ? (
            <p className="form-status__success">{status}</p>
          ) : null}
        </div>
      </div>
    </details>
  )
}
