import { useEffect, useRef, useState } from 'react'
import { useI18n } from '../../app/i18n-context'

/**
 * A destructive or lasting action behind a question asked in place: the button turns into the
 * question with "confirm" and "cancel", and focus moves to "cancel" so a second Enter does not
 * confirm blindly. `lasting`: an action that cannot be undone but destroys nothing (plain
 * buttons, not red ones).
 */
export function ConfirmAction(props: {
  label: string
  lasting?: boolean
  /** The accessible name of the first button when `label` alone is ambiguous (which one). */
  labelFor?: string
  question: string
  confirmLabel: string
  disabled?: boolean
  onConfirm(): void
}) {
  const { t } = useI18n()
  const [asking, setAsking] = useState(false)
  const cancel = useRef<HTMLButtonElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const wasAsking = useRef(false)
  useEffect(() => {
    if (asking) cancel.current?.focus()
    else if (wasAsking.current) opener.current?.focus()
    wasAsking.current = asking
  }, [asking])
  if (!asking) {
    return (
      <button
        ref={opener}
        type="button"
        className={
          props.lasting ? 'button button--small' : 'button button--small button--danger-quiet'
        }
        aria-label={props.labelFor}
        aria-disabled={props.disabled}
        onClick={() => !props.disabled && setAsking(true)}
      >
        {props.label}
      </button>
    )
  }
  return (
    <span
      className="confirm"
      role="group"
      aria-label={props.question}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setAsking(false)
      }}
    >
      <span className="confirm__question">{props.question}</span>
      <button
        type="button"
        className={
          props.lasting
            ? 'button button--small button--primary'
            : 'button button--small button--danger'
        }
        onClick={() => {
          setAsking(false)
          props.onConfirm()
        }}
      >
        {props.confirmLabel}
      </button>
      <button
        ref={cancel}
        type="button"
        className="button button--small"
        onClick={() => setAsking(false)}
      >
        {t('portfolio.common.cancel')}
      </button>
    </span>
  )
}
