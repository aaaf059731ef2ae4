import { useId, type ReactNode } from 'react'

/** What a field's control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string
  'aria-invalid'?: true
  'aria-describedby'?: string
}

/**
 * A labelled control with its hint and its error under it, both tied to the control by
 * aria-describedby, so a screen reader reads them with the field.
 */
export function FormField(props: {
  label: string
  hint?: ReactNode
  error?: string | null
  className?: string
  children: (control: ControlProps) => ReactNode
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const described = [props.error ? errorId : null, props.hint ? hintId : null]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={props.className ? `field ${props.className}` : 'field'}>
      <label htmlFor={id}>{props.label}</label>
      {props.children({
        id,
        ...(props.error ? { 'aria-invalid': true } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {props.hint ? (
        <p id={hintId} className="field__hint">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} className="field__error">
          {props.error}
        </p>
      ) : null}
    </div>
  )
}
