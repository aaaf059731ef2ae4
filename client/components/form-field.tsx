import { useId, type ReactNode } from 'react'

/** What a field's control needs to be tied to its label, hint and error. */
export interface ControlProps {
  id: string
  'aria-invalid'?: true
  'aria-describedby'?: string
}

/** The attributes of a 6-digit code input (an authenticator app's, or one sent by email). */
export const CODE_INPUT = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  pattern: '[0-9]{6}',
  maxLength: 6,
} as const

/**
 * Every form's field: a labelled control with its hint and its error under it, both tied to the
 * control by aria-describedby (with `describedBy`, other elements such as a password's rules),
 * so a screen reader reads them with the field. A `check` field (a checkbox) puts its box
 * before the label. An error that appears while the focus stays elsewhere (a server's answer
 * to a form that does not move it) is an `alert`, so it is announced at once.
 *
 * @example
 * <FormField label={t('auth.email')} error={errorOf('email')}>
 *   {(control) => <input {...control} type="email" {...register('email')} />}
 * </FormField>
 */
export function FormField(props: {
  label: ReactNode
  hint?: ReactNode
  error?: string | null
  describedBy?: string
  check?: boolean
  alert?: boolean
  className?: string
  children: (control: ControlProps) => ReactNode
}) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const described = [
    props.error ? errorId : null,
    props.hint ? hintId : null,
    props.describedBy ?? null,
  ]
    .filter(Boolean)
    .join(' ')
  const classes = ['field', props.check ? 'field--check' : null, props.className ?? null]
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      {props.check ? null : <label htmlFor={id}>{props.label}</label>}
      {props.children({
        id,
        ...(props.error ? { 'aria-invalid': true } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {props.check ? <label htmlFor={id}>{props.label}</label> : null}
      {props.hint ? (
        <p id={hintId} className="field__hint">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} className="field__error" role={props.alert ? 'alert' : undefined}>
          {props.error}
        </p>
      ) : null}
    </div>
  )
}
