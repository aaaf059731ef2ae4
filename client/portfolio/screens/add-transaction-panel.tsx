import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { Portfolio, Transaction } from '../../../shared/api/schemas'
import { useI18n } from '../../app/i18n-context'
import { onDemand } from '../../app/on-demand'
import { useOnline } from '../data/portfolio-queries'
import { useHandedOverOutcome } from './panel-handover'

// The form, its validation and the instrument search load when it first opens, not with the
// screen: most visits only read.
const TransactionEditor = onDemand(() =>
  import('./transaction-editor').then((module) => module.TransactionEditor),
)

/**
 * "Add a transaction" and, when `editing` is given, the same form for that transaction. Offline
 * the button says why it does nothing: changes need the network. The form takes the focus as it
 * opens; closed, it gives it back to what opened it (a row's "Edit"), else to the button.
 */
export function AddTransactionPanel(props: {
  portfolio: Portfolio
  editing?: Transaction | null
  onEditDone?(): void
}) {
  const { t } = useI18n()
  const online = useOnline()
  const [adding, setAdding] = useState(false)
  const section = useRef<HTMLElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const [saved, setSaved] = useHandedOverOutcome<true>(`add:${props.portfolio.id}`, section, () =>
    opener.current?.focus(),
  )
  const editing = props.editing ?? null
  const open = adding || editing !== null

  // What had the focus as the form opened, outside this panel: the row's "Edit" button. The
  // panel's own button is gone by then (the form took its place).
  const returnTo = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    if (!open) return
    const active = document.activeElement
    const outside =
      active instanceof HTMLElement &&
      active !== document.body &&
      !section.current?.contains(active)
    returnTo.current = outside ? active : null
  }, [open, editing?.id])

  const closing = useRef(false)
  useEffect(() => {
    if (open || !closing.current) return
    closing.current = false
    const back = returnTo.current?.isConnected ? returnTo.current : opener.current
    back?.focus()
  }, [open])

  const done = (wasSaved: boolean) => {
    closing.current = true
    setAdding(false)
    setSaved(wasSaved ? true : null)
    props.onEditDone?.()
  }

  return (
    // Closed, it is only a button: no frame around it.
    <section
      ref={section}
      className={open ? 'panel' : 'panel panel--bare'}
      aria-labelledby="add-heading"
    >
      {/* Closed, the button says it already; the heading only names the region then. */}
      <h2 id="add-heading" className={open ? undefined : 'visually-hidden'}>
        {editing ? t('portfolio.form.headingEdit') : t('portfolio.form.headingAdd')}
      </h2>
      <p className="form-status" role="status">
        {saved && !open ? (
          <span className="form-status__success">{t('portfolio.detail.added')}</span>
        ) : null}
      </p>
      {open ? (
        <Suspense
          fallback={
            <p className="loading" role="status">
              {t('portfolio.common.loading')}
            </p>
          }
        >
          <TransactionEditor
            key={editing?.id ?? 'new'}
            portfolio={props.portfolio}
            initial={editing ?? undefined}
            onDone={done}
          />
        </Suspense>
      ) : (
        <div>
          <button
            ref={opener}
            type="button"
            className="button button--primary"
            aria-disabled={!online}
            aria-describedby={online ? undefined : 'add-offline'}
            // The form's code, fetched as the pointer or the focus comes to the button.
            onPointerEnter={() => void TransactionEditor.preload()}
            onFocus={() => void TransactionEditor.preload()}
            onClick={() => {
              if (!online) return
              setSaved(null)
              setAdding(true)
            }}
          >
            {t('portfolio.form.headingAdd')}
          </button>
          {online ? null : (
            <p id="add-offline" className="muted">
              {t('portfolio.offline.readOnly')}
            </p>
          )}
        </div>
      )}
    </section>
  )
}
